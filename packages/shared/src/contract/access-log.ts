import * as z from 'zod/mini';

/*
 * 'Who has seen my data' (the HIPAA right to an accounting of disclosures): every entry of the
 * audit log about the person that someone else made, in words the person reads. Nothing the
 * person did themselves is listed.
 */

export const ACCESS_LOG_PAGE_SIZE = 50;
/** The CSV holds at most this many entries, the newest. */
export const ACCESS_LOG_CSV_MAX_ROWS = 10_000;

/** Who it was: lab staff, the person's partner, or the clinic they shared reports with. */
export const accessKindSchema = z.enum(['staff', 'partner', 'clinic'], {
  error: 'Choose staff, partner or clinic',
});
export type AccessKind = z.infer<typeof accessKindSchema>;

export const ACCESS_KIND_LABELS: Record<AccessKind, string> = {
  staff: 'Lab staff',
  partner: 'Your partner',
  clinic: 'Your clinic',
};

/** The audit actions each kind covers that are not staff's; every other one is staff's. */
export const ACCESS_ACTIONS_OF: Record<Exclude<AccessKind, 'staff'>, readonly string[]> = {
  partner: ['partner-report-read', 'partner-joined'],
  clinic: ['clinic-share-read'],
};

export function accessKindOf(action: string): AccessKind {
  if (ACCESS_ACTIONS_OF.partner.includes(action)) return 'partner';
  if (ACCESS_ACTIONS_OF.clinic.includes(action)) return 'clinic';
  return 'staff';
}

/** What an entry of each action says was done; an action not named here shows as itself. */
const ACCESS_DESCRIPTIONS: Record<string, string> = {
  'view-as': 'Viewed your portal as you see it, without changing anything',
  'impersonation-start': 'Began acting as you, to help with your account',
  'impersonation-read': 'Read your data while acting as you',
  'impersonation-write': 'Made a change for you while acting as you',
  'impersonation-end': 'Stopped acting as you',
  'partner-report-read': 'Opened your individual report, which you share with them',
  'partner-joined': 'Accepted your invitation and joined your test',
  'clinic-share-read': 'Opened the reports you shared with your clinic',
  'order-event': 'Updated the tracker of your order',
  'order-refund': 'Refunded your order',
  'data-portal-update': 'Changed whether My Data is open to you',
  'mail-send-again': 'Sent you one of your emails again',
};

export function describeAccess(action: string): string {
  return ACCESS_DESCRIPTIONS[action] ?? `Other access (${action})`;
}

/** GET /user/access-log and its CSV. */
export const accessLogQuerySchema = z.object({
  kind: z.optional(accessKindSchema),
  page: z.optional(
    z.pipe(
      z.coerce.number({ error: 'Give a page number' }),
      z
        .int({ error: 'Give a whole number' })
        .check(z.minimum(1, { error: 'Give 1 or more' }), z.maximum(1_000_000)),
    ),
  ),
});
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

export const accessEntrySchema = z.object({
  id: z.string(),
  /** ISO 8601. */
  at: z.string(),
  kind: accessKindSchema,
  /** 'Ada Lovelace (lab staff)', 'Sam Doe (your partner)', 'Your clinic, by its share link'. */
  who: z.string(),
  /** What was done, in plain words. */
  what: z.string(),
  /** The portal page staff had open, e.g. '/reports/joint'; null when none. */
  page: z.nullable(z.string()),
});
export type AccessEntry = z.infer<typeof accessEntrySchema>;

/** Newest first; `total` counts every entry the filter matches. */
export const accessLogAnswerSchema = z.object({
  entries: z.array(accessEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AccessLogAnswer = z.infer<typeof accessLogAnswerSchema>;

export const ACCESS_LOG_CSV_COLUMNS = ['time (UTC)', 'who', 'kind', 'what', 'page'] as const;
