import { describe, expect, it } from 'vitest';
import { formatUsDate, PRECONCEPTION_TEST_NAME, preconceptionTestName } from './products.ts';

describe('preconceptionTestName', () => {
  it('is the base name for a standard couple test', () => {
    expect(PRECONCEPTION_TEST_NAME).toBe('Preconception Genetic Screening');
    expect(preconceptionTestName({})).toBe(PRECONCEPTION_TEST_NAME);
    expect(preconceptionTestName({ testType: 'standard', individual: false })).toBe(
      PRECONCEPTION_TEST_NAME,
    );
    expect(preconceptionTestName({ testType: null })).toBe(PRECONCEPTION_TEST_NAME);
  });

  it("adds ' - 30x' only for exactly '30x'", () => {
    expect(preconceptionTestName({ testType: '30x' })).toBe(`${PRECONCEPTION_TEST_NAME} - 30x`);
    for (const testType of ['30X', '5x', ' 30x', '30', '']) {
      expect(preconceptionTestName({ testType })).toBe(PRECONCEPTION_TEST_NAME);
    }
  });

  it("adds ' - Individual' for individual variants", () => {
    expect(preconceptionTestName({ individual: true })).toBe(
      `${PRECONCEPTION_TEST_NAME} - Individual`,
    );
  });

  it('puts 30x before Individual when both apply', () => {
    expect(preconceptionTestName({ testType: '30x', individual: true })).toBe(
      'Preconception Genetic Screening - 30x - Individual',
    );
  });

  it('takes an operator base name', () => {
    expect(preconceptionTestName({ testType: '30x', individual: true }, 'Acme Carrier Test')).toBe(
      'Acme Carrier Test - 30x - Individual',
    );
  });
});

describe('formatUsDate', () => {
  it.each([
    [0, '1/1/1970'],
    [1_795_305_600, '11/22/2026'],
    [1_767_571_200, '1/5/2026'],
    [1_767_571_200.9, '1/5/2026'],
    [-86_400, '12/31/1969'],
  ])('%d -> %s', (seconds, expected) => {
    expect(formatUsDate(seconds)).toBe(expected);
  });

  it('uses UTC, not the local time zone', () => {
    expect(formatUsDate(Date.UTC(2026, 10, 22, 23, 59, 59) / 1000)).toBe('11/22/2026');
    expect(formatUsDate(Date.UTC(2026, 10, 23, 0, 0, 0) / 1000)).toBe('11/23/2026');
  });

  it.each([NaN, Infinity, -Infinity, 8.64e12 + 1])('throws a RangeError for %d', (seconds) => {
    expect(() => formatUsDate(seconds)).toThrow(RangeError);
    expect(() => formatUsDate(seconds)).toThrow(/finite unix seconds/);
  });
});
