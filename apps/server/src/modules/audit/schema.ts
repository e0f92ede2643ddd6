import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every read of one person's data by someone else (admin view-as, impersonation) and every
 * auth event: who, as whom, what, when and the request id. Never health data or secrets.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
    /** The signed-in person (the admin, when viewing as or impersonating); null when unknown. */
    actorId: text('actor_id'),
    /** Whose data or account it was about; null when none. */
    subjectId: text('subject_id'),
    /** What happened: 'view-as', 'impersonation-start', 'sign-in', 'password-change', … */
    action: text('action').notNull(),
    /** The route read, e.g. 'GET /api/user' (the first, for a page view's row). */
    route: text('route'),
    requestId: text('request_id'),
    /** The portal page a staff member had open, e.g. '/reports/joint' (ADR 007). */
    page: text('page'),
    /** The web app's id of that page view: its reads fold into one row. */
    pageViewId: text('page_view_id'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_subject_id_idx').on(table.subjectId),
    index('audit_log_actor_id_idx').on(table.actorId),
    // One row per (staff member, patient, action, page, view); rows without a view never
    // collide, as nulls are distinct.
    uniqueIndex('audit_log_page_view_idx').on(
      table.pageViewId,
      table.actorId,
      table.subjectId,
      table.action,
      table.page,
    ),
  ],
);
