import { describe, expect, it } from 'vitest';
import { furthestAboveAverage, listInWords, riskAgainstAverageText } from './report-key-points.ts';

describe('furthestAboveAverage', () => {
  it('names the conditions furthest above average in percentage points, not in ratio', () => {
    const results = [
      // Three times a rare average is 0.6 points above it.
      { code: 'ibd', risk: 0.009, average: 0.003 },
      { code: 't2d', risk: 0.2, average: 0.1 },
      { code: 'cad', risk: 0.05, average: 0.06 },
      { code: 'afib', risk: 0.3, average: 0.25 },
      { code: 'scz', risk: 0.02, average: 0.01 },
    ];
    expect(furthestAboveAverage(results).map((result) => result.code)).toEqual([
      't2d',
      'afib',
      'scz',
    ]);
  });

  it('leaves out every condition at or below average, and keeps the order of ties', () => {
    const results = [
      { code: 'a', risk: 0.1, average: 0.1 },
      { code: 'b', risk: 0.05, average: 0.02 },
      { code: 'c', risk: 0.04, average: 0.01 },
    ];
    expect(furthestAboveAverage(results, 5).map((result) => result.code)).toEqual(['b', 'c']);
    expect(furthestAboveAverage([{ code: 'a', risk: 0.01, average: 0.1 }])).toEqual([]);
  });
});

describe('words', () => {
  it('says a risk against its average, and joins a list as a sentence would', () => {
    expect(riskAgainstAverageText({ code: 't2d', risk: 0.12, average: 0.08 })).toBe(
      'type 2 diabetes (12.0%, average 8.0%)',
    );
    expect(listInWords(['a'])).toBe('a');
    expect(listInWords(['a', 'b'])).toBe('a and b');
    expect(listInWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
