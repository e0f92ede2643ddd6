import { describe, expect, it } from 'vitest';
import { adminUsersQuerySchema, auditQuerySchema, impersonationBodySchema } from './admin.ts';

describe('admin query schemas', () => {
  it('read limits from query strings and trim the search', () => {
    expect(adminUsersQuerySchema.parse({ q: '  maya ', limit: '20' })).toEqual({
      q: 'maya',
      limit: 20,
    });
    expect(auditQuerySchema.parse({ limit: '200', subject: ' demo-mother ' })).toEqual({
      limit: 200,
      subject: 'demo-mother',
    });
    expect(adminUsersQuerySchema.parse({})).toEqual({});
  });

  it.each(['0', '101', '2.5', 'many', ''])('refuses a user search limit of %j', (limit) => {
    expect(adminUsersQuerySchema.safeParse({ limit }).success).toBe(false);
  });

  it('refuses an audit limit over 200 and an empty subject', () => {
    expect(auditQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ subject: '  ' }).success).toBe(false);
  });

  it('needs a user to impersonate', () => {
    expect(impersonationBodySchema.safeParse({ userId: ' ' }).success).toBe(false);
    expect(impersonationBodySchema.parse({ userId: 'demo-mother' })).toEqual({
      userId: 'demo-mother',
    });
  });
});
