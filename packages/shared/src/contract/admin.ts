import * as z from 'zod/mini';

/** The lab staff's tools (admins only): user search, the audit log and impersonation. */

export const ADMIN_USERS_DEFAULT_LIMIT = 20;
export const ADMIN_USERS_MAX_LIMIT = 100;
export const AUDIT_DEFAULT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;
/** An impersonation session ends this long after it starts, whatever happens. */
export const IMPERSONATION_SECONDS = 60 * 60;

export const ADMIN_ONLY = 'Only lab staff can use the admin tools';
export const PRIMARY_ADMIN_ONLY = "Only the lab's primary admins can impersonate a patient";
export const ALREADY_IMPERSONATING = 'Return to your own account before impersonating again';
export const ADMINS_NOT_IMPERSONATED = 'Admins cannot be impersonated';
export const NOT_IMPERSONATING = 'This session is not an impersonation';

/** A whole number from 1 to `max`, from a query string. */
function limitSchema(max: number) {
  return z.optional(
    z.pipe(
      z.coerce.number({ error: 'Give a number' }),
      z
        .int({ error: 'Give a whole number' })
        .check(
          z.minimum(1, { error: 'Give at least 1' }),
          z.maximum(max, { error: `Give at most ${String(max)}` }),
        ),
    ),
  );
}

/** GET /admin/users: `q` matches first name, last name, full name or email. */
export const adminUsersQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  limit: limitSchema(ADMIN_USERS_MAX_LIMIT),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  isAdminUser: z.boolean(),
  emailVerified: z.boolean(),
  /** Whether My Data is turned on for them (ADR 023). */
  enableDataPortal: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Newest first. */
export const adminUsersAnswerSchema = z.object({ users: z.array(adminUserSchema) });
export type AdminUsersAnswer = z.infer<typeof adminUsersAnswerSchema>;

/** PUT /admin/users/:id/data-portal: turns My Data on or off for one person. */
export const adminUserParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
});
export const dataPortalBodySchema = z.object({ enabled: z.boolean() });
export type DataPortalBody = z.infer<typeof dataPortalBodySchema>;

const instantSchema = z.iso.datetime({
  offset: true,
  error: 'Give a date and time in ISO 8601, e.g. 2026-01-05T00:00:00-05:00',
});
/** A staff member or a patient: a user id or an email. */
const personKeySchema = z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(254)));
export const AUDIT_DATES_REVERSED = 'The start of the date range must not be after its end';

/**
 * The filters of the audit log, shared by the page of entries and the CSV export: `actor` (the
 * staff member) and `subject` (the patient) are a user id or an email; `from` counts, `to` does
 * not (the web app sends the midnights around the days chosen, in the viewer's time zone).
 */
const auditFilterShape = {
  actor: personKeySchema,
  subject: personKeySchema,
  action: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  from: z.optional(instantSchema),
  to: z.optional(instantSchema),
};

function datesInOrder(value: { from?: string | undefined; to?: string | undefined }): boolean {
  return (
    value.from === undefined ||
    value.to === undefined ||
    new Date(value.from).getTime() <= new Date(value.to).getTime()
  );
}

/** GET /admin/audit.csv: every entry the filters match, newest first. */
export const auditFilterSchema = z
  .object(auditFilterShape)
  .check(z.refine(datesInOrder, { error: AUDIT_DATES_REVERSED, path: ['to'] }));
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** GET /admin/audit: one page of the entries the filters match (`page` counts from 1). */
export const auditQuerySchema = z
  .object({
    ...auditFilterShape,
    page: limitSchema(1_000_000),
    pageSize: limitSchema(AUDIT_MAX_PAGE_SIZE),
  })
  .check(z.refine(datesInOrder, { error: AUDIT_DATES_REVERSED, path: ['to'] }));
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The CSV export refuses to build a file larger than this; narrower filters fit. */
export const AUDIT_CSV_MAX_ROWS = 10_000;
export const auditCsvTooLarge = (count: number) =>
  `${String(count)} entries match, more than the ${String(AUDIT_CSV_MAX_ROWS)} one file holds: narrow the filters`;

export const auditActionSchema = z.enum([
  'view-as',
  'audit-export',
  'mail-send-again',
  'impersonation-start',
  'impersonation-end',
  'impersonation-read',
  'impersonation-write',
  'lab-key-create',
  'lab-key-revoke',
  'product-update',
  'discount-code-create',
  'discount-code-update',
  'order-event',
  'order-refund',
  'partner-joined',
  'partner-sharing',
  'partner-report-read',
  'risk-condition-update',
  'risk-condition-reset',
  'counselor-update',
  'appointments-day-read',
  'kit-address-change',
  'sensitive-rule-update',
  'clinic-update',
  'clinic-sharing',
  'clinic-share-read',
  'data-portal-update',
  'genotype-import-delete',
  'data-export-delete',
  'account-deletion-request',
  'account-deletion-cancel',
  'account-deleted',
  'research-consent',
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  /** ISO 8601. */
  at: z.string(),
  /** Other modules may record actions of their own; the list shows them as they are. */
  action: z.string(),
  /** Method and route pattern, e.g. 'GET /api/user'. */
  route: z.nullable(z.string()),
  /** The page of the portal a staff member had open, e.g. '/reports/joint' (ADR 007). */
  page: z.nullable(z.string()),
  requestId: z.nullable(z.string()),
  actorId: z.nullable(z.string()),
  actorEmail: z.nullable(z.string()),
  subjectId: z.nullable(z.string()),
  subjectEmail: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Newest first; `total` counts every entry the filters match. */
export const auditAnswerSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditAnswer = z.infer<typeof auditAnswerSchema>;

/** POST /admin/impersonation: the patient to act as. */
export const impersonationBodySchema = z.object({
  userId: z.string().check(z.trim(), z.minLength(1, { error: 'Choose a user' }), z.maxLength(200)),
});
export type ImpersonationBody = z.infer<typeof impersonationBodySchema>;
