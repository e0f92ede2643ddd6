import { describe, expect, it } from 'vitest';
import {
  joinWithAnd,
  numberToWords,
  splitCamelCase,
  titleCase,
  toQueryString,
  trimEmail,
} from './text.ts';

describe('splitCamelCase', () => {
  it.each([
    ['healthSurveyStatus', 'health Survey Status'],
    ['HealthSurvey', 'Health Survey'],
    ['HIPAAAccepted', 'HIPAA Accepted'],
    ['tosAccepted', 'tos Accepted'],
    ['isHIPAA', 'is HIPAA'],
    ['XMLHttpRequest', 'XML Http Request'],
    ['type2Diabetes', 'type 2 Diabetes'],
    ['trait3', 'trait 3'],
    ['purchase30x', 'purchase 30x'],
    ['HIPAA2', 'HIPAA 2'],
    ['word', 'word'],
    ['ABC', 'ABC'],
    ['a', 'a'],
    ['', ''],
    ['already split', 'already split'],
  ])('%j -> %j', (input, expected) => {
    expect(splitCamelCase(input)).toBe(expected);
  });
});

describe('joinWithAnd', () => {
  it.each([
    [[], ''],
    [['a'], 'a'],
    [['a', 'b'], 'a and b'],
    [['a', 'b', 'c'], 'a, b and c'],
    [['a', 'b', 'c', 'd'], 'a, b, c and d'],
    [['', 'b'], ' and b'],
  ])('%j -> %j', (items, expected) => {
    expect(joinWithAnd(items)).toBe(expected);
  });
});

describe('toQueryString', () => {
  it('joins pairs with & and no leading ?', () => {
    expect(toQueryString({ a: 1, b: 'x y' })).toBe('a=1&b=x%20y');
  });

  it('gives an empty string when nothing is left', () => {
    expect(toQueryString({})).toBe('');
    expect(toQueryString({ a: null, b: undefined, c: [], d: [null, undefined] })).toBe('');
  });

  it('skips null and undefined but keeps falsy values', () => {
    expect(toQueryString({ a: null, b: undefined, c: 0, d: false, e: '' })).toBe('c=0&d=false&e=');
  });

  it('repeats the key for arrays and skips null items', () => {
    expect(toQueryString({ k: [1, null, 2, undefined, 'x'] })).toBe('k=1&k=2&k=x');
  });

  it('stringifies booleans and numbers', () => {
    expect(toQueryString({ embryo: true, withPartner: false, n: 1.5, m: -3 })).toBe(
      'embryo=true&withPartner=false&n=1.5&m=-3',
    );
  });

  it('encodes keys and values', () => {
    expect(toQueryString({ 'a b': 'c&d=e', 'x/y': 'é?#+' })).toBe(
      'a%20b=c%26d%3De&x%2Fy=%C3%A9%3F%23%2B',
    );
    expect(toQueryString({ email: 'ann+1@example.com' })).toBe('email=ann%2B1%40example.com');
  });
});

describe('titleCase', () => {
  it.each([
    ['hello world', 'Hello World'],
    ['hELLO wORLD', 'Hello World'],
    ['HIPAA notice', 'Hipaa Notice'],
    ['well-known fact', 'Well-Known Fact'],
    ["alzheimer's disease", "Alzheimer's Disease"],
    ['parkinson’s disease', 'Parkinson’s Disease'],
    ["don't stop", "Don't Stop"],
    ['myopia (nearsightedness)', 'Myopia (Nearsightedness)'],
    ['2nd place', '2nd Place'],
    ['  two  spaces ', '  Two  Spaces '],
    ['élan vital', 'Élan Vital'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(titleCase(input)).toBe(expected);
  });
});

describe('numberToWords', () => {
  it.each([
    [1, 'one'],
    [9, 'nine'],
    [10, 'ten'],
    [11, 'eleven'],
    [13, 'thirteen'],
    [19, 'nineteen'],
    [20, 'twenty'],
    [21, 'twenty-one'],
    [30, 'thirty'],
    [34, 'thirty-four'],
    [40, 'forty'],
    [49, 'forty-nine'],
    [50, 'fifty'],
  ])('%d -> %s', (n, expected) => {
    expect(numberToWords(n)).toBe(expected);
  });

  it('gives a distinct, hyphen-only word for every integer from 1 to 50', () => {
    const words = Array.from({ length: 50 }, (_, i) => numberToWords(i + 1));
    expect(new Set(words).size).toBe(50);
    for (const word of words) expect(word).toMatch(/^[a-z]+(-[a-z]+)?$/);
  });

  it.each([0, 51, -1, 1.5, 49.999, NaN, Infinity, -Infinity, 100])('throws for %d', (n) => {
    expect(() => numberToWords(n)).toThrow(RangeError);
    expect(() => numberToWords(n)).toThrow(/integers from 1 to 50/);
  });
});

describe('trimEmail', () => {
  it('trims surrounding whitespace only', () => {
    expect(trimEmail('  Ann@Example.com\t\n')).toBe('Ann@Example.com');
    expect(trimEmail('ann@example.com')).toBe('ann@example.com');
    expect(trimEmail('   ')).toBe('');
  });
});
