import { AUDIT_DATES_REVERSED } from '@nestling/shared/contract/admin';
import { describe, expect, it } from 'vitest';
import { auditFilterOf, EMPTY_AUDIT_FILTER } from './audit-filter.ts';

describe('the audit log filter', () => {
  it('leaves out what is empty and trims the people', () => {
    expect(auditFilterOf(EMPTY_AUDIT_FILTER)).toEqual({ filter: {} });
    expect(
      auditFilterOf({
        ...EMPTY_AUDIT_FILTER,
        actor: ' staff@demo.test ',
        subject: '   ',
        action: 'view-as',
      }),
    ).toEqual({ filter: { actor: 'staff@demo.test', action: 'view-as' } });
  });

  it('counts the days chosen whole, from midnight to the midnight after the last', () => {
    expect(auditFilterOf({ ...EMPTY_AUDIT_FILTER, from: '2026-01-05', to: '2026-01-05' })).toEqual({
      filter: { from: new Date(2026, 0, 5).toISOString(), to: new Date(2026, 0, 6).toISOString() },
    });
    // The last day of a month runs into the next month.
    expect(auditFilterOf({ ...EMPTY_AUDIT_FILTER, to: '2026-01-31' })).toEqual({
      filter: { to: new Date(2026, 1, 1).toISOString() },
    });
  });

  it('refuses a range that ends before it starts', () => {
    expect(auditFilterOf({ ...EMPTY_AUDIT_FILTER, from: '2026-01-06', to: '2026-01-05' })).toEqual({
      error: AUDIT_DATES_REVERSED,
    });
  });
});
