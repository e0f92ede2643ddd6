import { describe, expect, it } from 'vitest';
import { healthSchema } from './health.ts';

describe('healthSchema', () => {
  it('accepts both states', () => {
    expect(healthSchema.parse({ status: 'ok', database: 'up' })).toEqual({
      status: 'ok',
      database: 'up',
    });
    expect(healthSchema.safeParse({ status: 'unavailable', database: 'down' }).success).toBe(true);
  });

  it('rejects other values', () => {
    expect(healthSchema.safeParse({ status: 'fine', database: 'up' }).success).toBe(false);
    expect(healthSchema.safeParse({ status: 'ok' }).success).toBe(false);
  });
});
