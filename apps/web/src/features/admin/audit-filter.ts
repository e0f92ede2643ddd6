import { AUDIT_DATES_REVERSED, type AuditFilter } from '@nestling/shared/contract/admin';

/** The audit log's filter form as typed: dates as the date inputs give them (YYYY-MM-DD). */
export interface AuditFilterDraft {
  actor: string;
  subject: string;
  action: string;
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTER: AuditFilterDraft = {
  actor: '',
  subject: '',
  action: '',
  from: '',
  to: '',
};

/** The instant a day begins in the viewer's time zone, `days` after the date given. */
function localMidnight(date: string, days = 0): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days).toISOString();
}

/**
 * The filter the server is asked for: the days chosen count whole, in the viewer's time zone
 * (the times the table shows), so `to` is the midnight after the last day. Refuses a range
 * that ends before it starts, with the server's own words.
 */
export function auditFilterOf(
  draft: AuditFilterDraft,
): { filter: AuditFilter; error?: undefined } | { error: string } {
  if (draft.from !== '' && draft.to !== '' && draft.from > draft.to) {
    return { error: AUDIT_DATES_REVERSED };
  }
  const actor = draft.actor.trim();
  const subject = draft.subject.trim();
  return {
    filter: {
      ...(actor === '' ? {} : { actor }),
      ...(subject === '' ? {} : { subject }),
      ...(draft.action === '' ? {} : { action: draft.action }),
      ...(draft.from === '' ? {} : { from: localMidnight(draft.from) }),
      ...(draft.to === '' ? {} : { to: localMidnight(draft.to, 1) }),
    },
  };
}
