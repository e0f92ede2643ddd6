import { describe, expect, it } from 'vitest';
import {
  isSafeNextPath,
  validateAdminSearch,
  validateEmbryoReportSearch,
  validateForbiddenSearch,
  validateGoogleDoneSearch,
  validateJointReportSearch,
  validateNextSearch,
  validateOrderSearch,
  validateViewAsSearch,
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

describe('search checks', () => {
  it('keeps a safe next and drops an unsafe one', () => {
    expect(validateNextSearch({ next: '/reports' })).toEqual({ next: '/reports' });
    expect(validateNextSearch({ next: 'https://evil.example' })).toEqual({ next: undefined });
    expect(validateNextSearch({ next: 42 })).toEqual({ next: undefined });
    expect(validateNextSearch({})).toEqual({ next: undefined });
  });

  it('reads the /403 message, trimmed, and ignores an empty or overlong one', () => {
    expect(validateForbiddenSearch({ message: ' No access ' })).toEqual({ message: 'No access' });
    expect(validateForbiddenSearch({ message: '  ' })).toEqual({ message: undefined });
    expect(validateForbiddenSearch({ message: 'x'.repeat(501) })).toEqual({ message: undefined });
  });

  it('reads as_user and email, and drops what it does not know', () => {
    expect(validateViewAsSearch({ as_user: 'u1', email: 'a@b.test', other: 'x' })).toStrictEqual({
      as_user: 'u1',
      email: 'a@b.test',
    });
  });

  it('reads a version as a whole number from 1, else the latest', () => {
    expect(validateJointReportSearch({ report: 'r1', version: '3' })).toEqual({
      report: 'r1',
      version: '3',
    });
    for (const version of ['0', '-1', '1.5', 'two', '', 3]) {
      expect(validateJointReportSearch({ version }).version).toBeUndefined();
    }
  });

  it('reads where the Google sign-in ends', () => {
    expect(validateGoogleDoneSearch({ mode: 'popup', next: '/reports', error: 'denied' })).toEqual({
      mode: 'popup',
      next: '/reports',
      error: 'denied',
    });
    expect(validateGoogleDoneSearch({ mode: 'window', next: '//evil.example', error: '' })).toEqual(
      { mode: undefined, next: undefined, error: undefined },
    );
  });

  it('reads an embryo report version from text or a number', () => {
    expect(validateEmbryoReportSearch({ report: ' r1 ', version: '2' })).toEqual({
      report: 'r1',
      version: 2,
    });
    expect(validateEmbryoReportSearch({ version: 4 })).toEqual({ version: 4 });
    for (const version of ['0', '1.5', 'x', '', null, Number.POSITIVE_INFINITY]) {
      expect(validateEmbryoReportSearch({ version }).version).toBeUndefined();
    }
    expect(validateEmbryoReportSearch({ report: 'r'.repeat(201) }).report).toBeUndefined();
  });
});

describe('validateOrderSearch and validateAdminSearch', () => {
  it('keeps an order id and an admin tab, trimmed, and drops anything malformed', () => {
    expect(validateOrderSearch({ id: ' order-1 ', other: 'x' })).toEqual({ id: 'order-1' });
    for (const id of ['', '  ', 42, null, 'x'.repeat(201)]) {
      expect(validateOrderSearch({ id }).id).toBeUndefined();
    }
    expect(validateAdminSearch({ tab: 'orders' })).toEqual({ tab: 'orders' });
    expect(validateAdminSearch({ tab: 3 }).tab).toBeUndefined();
  });
});
