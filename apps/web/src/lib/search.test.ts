import { describe, expect, it } from 'vitest';
import {
  forbiddenSearchSchema,
  isSafeNextPath,
  nextSearchSchema,
  viewAsSearchSchema,
} from './search.ts';

describe('isSafeNextPath', () => {
  it.each(['/', '/reports', '/reports?tab=joint', '/embryo-reports/embryos/2#top'])(
    'accepts %s',
    (value) => {
      expect(isSafeNextPath(value)).toBe(true);
    },
  );

  it.each([
    '',
    'reports',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\nreports',
  ])('rejects %j', (value) => {
    expect(isSafeNextPath(value)).toBe(false);
  });
});

describe('search schemas', () => {
  it('keeps a safe next and drops an unsafe one', () => {
    expect(nextSearchSchema.parse({ next: '/reports' })).toEqual({ next: '/reports' });
    expect(nextSearchSchema.parse({ next: 'https://evil.example' })).toEqual({ next: undefined });
    expect(nextSearchSchema.parse({ next: 42 })).toEqual({ next: undefined });
    expect(nextSearchSchema.parse({})).toEqual({ next: undefined });
  });

  it('reads the /403 message and ignores an empty one', () => {
    expect(forbiddenSearchSchema.parse({ message: 'No access' })).toEqual({ message: 'No access' });
    expect(forbiddenSearchSchema.parse({ message: '  ' })).toEqual({ message: undefined });
  });

  it('reads as_user and email', () => {
    expect(viewAsSearchSchema.parse({ as_user: 'u1', email: 'a@b.test', other: 'x' })).toEqual({
      as_user: 'u1',
      email: 'a@b.test',
    });
  });
});
