import { describe, expect, it } from 'vitest';
import { healthSchema, livenessSchema, readinessSchema } from './health.ts';

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

describe('livenessSchema', () => {
  it('carries the version and the commit, which may be unknown', () => {
    expect(livenessSchema.parse({ status: 'ok', version: '0.1.0', commit: null })).toEqual({
      status: 'ok',
      version: '0.1.0',
      commit: null,
    });
    expect(livenessSchema.safeParse({ status: 'ok', version: '0.1.0' }).success).toBe(false);
  });
});

describe('readinessSchema', () => {
  const pass = { status: 'pass', ms: 3 };

  it('names each check, with its time and a failure’s reason', () => {
    const ready = {
      status: 'unavailable',
      version: '0.1.0',
      commit: 'abcdef0',
      checks: {
        database: { status: 'fail', ms: 2001, error: 'No answer within 2000 ms' },
        files: pass,
        queue: pass,
        mail: { status: 'warn', error: 'The mail server did not answer' },
      },
    };
    expect(readinessSchema.parse(ready)).toEqual(ready);
  });

  it('rejects a missing check or an unknown state', () => {
    const checks = { database: pass, files: pass, queue: pass };
    const base = { status: 'ok', version: '0.1.0', commit: null };
    expect(readinessSchema.safeParse({ ...base, checks }).success).toBe(false);
    expect(
      readinessSchema.safeParse({ ...base, checks: { ...checks, mail: { status: 'down' } } })
        .success,
    ).toBe(false);
  });
});
