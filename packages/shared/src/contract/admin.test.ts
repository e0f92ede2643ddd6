import { describe, expect, it } from 'vitest';
import {
  AUDIT_DATES_REVERSED,
  adminUsersQuerySchema,
  auditFilterSchema,
  auditQuerySchema,
  impersonationBodySchema,
} from './admin.ts';

describe('admin query schemas', () => {
  it('read limits from query strings and trim the search', () => {
    expect(adminUsersQuerySchema.parse({ q: '  maya ', limit: '20' })).toEqual({
      q: 'maya',
      limit: 20,
    });
    expect(
      auditQuerySchema.parse({ pageSize: '200', page: '3', subject: ' demo-mother ' }),
    ).toEqual({ pageSize: 200, page: 3, subject: 'demo-mother' });
    expect(adminUsersQuerySchema.parse({})).toEqual({});
  });

  it.each(['0', '101', '2.5', 'many', ''])('refuses a user search limit of %j', (limit) => {
    expect(adminUsersQuerySchema.safeParse({ limit }).success).toBe(false);
  });

  it('refuses an audit page size over 200, page 0 and an empty subject or actor', () => {
    expect(auditQuerySchema.safeParse({ pageSize: '201' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ subject: '  ' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ actor: '' }).success).toBe(false);
  });

  it('takes an audit date range with offsets, in order, and refuses one reversed', () => {
    const range = { from: '2026-01-05T00:00:00-05:00', to: '2026-01-06T00:00:00-05:00' };
    expect(auditQuerySchema.parse(range)).toEqual(range);
    expect(auditFilterSchema.parse({ from: range.from, to: range.from })).toEqual({
      from: range.from,
      to: range.from,
    });
    const reversed = auditFilterSchema.safeParse({ from: range.to, to: range.from });
    expect(reversed.error?.issues.map((issue) => issue.message)).toEqual([AUDIT_DATES_REVERSED]);
    expect(auditQuerySchema.safeParse({ from: range.to, to: range.from }).success).toBe(false);
    expect(auditFilterSchema.safeParse({ from: '2026-01-05' }).success).toBe(false);
  });

  it('needs a user to impersonate', () => {
    expect(impersonationBodySchema.safeParse({ userId: ' ' }).success).toBe(false);
    expect(impersonationBodySchema.parse({ userId: 'demo-mother' })).toEqual({
      userId: 'demo-mother',
    });
  });
});
