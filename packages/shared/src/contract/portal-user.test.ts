import { describe, expect, it } from 'vitest';
import { userQuerySchema } from './portal-user.ts';

describe('userQuerySchema', () => {
  it('reads asUser trimmed, and the report flags', () => {
    expect(
      userQuerySchema.parse({ asUser: '  Ann@Example.com ', embryo: 'true', withPartner: 'false' }),
    ).toEqual({ asUser: 'Ann@Example.com', embryo: 'true', withPartner: 'false' });
    expect(userQuerySchema.parse({})).toEqual({});
  });

  it.each([{ asUser: '   ' }, { asUser: 'x'.repeat(255) }, { embryo: 'maybe' }])(
    'refuses %j',
    (query) => {
      expect(userQuerySchema.safeParse(query).success).toBe(false);
    },
  );
});
