import { describe, expect, it } from 'vitest';
import {
  defineCatalogue,
  isCatalogueCode,
  lookup,
  unknownCatalogueEntry,
  UNKNOWN_LOWER_NAME,
  UNKNOWN_NAME,
} from './catalogue-entry.ts';
import { DEFAULT_CHART_SETTINGS } from './chart-settings.ts';

const catalogue = defineCatalogue(['b', 'a'], {
  a: { name: 'Alpha', lowerName: 'alpha' },
  b: { name: 'Beta', lowerName: 'beta' },
});

describe('defineCatalogue', () => {
  it('keeps the order of the codes and fills in code and default chart', () => {
    expect(Object.keys(catalogue)).toEqual(['b', 'a']);
    expect(catalogue.a).toEqual({
      code: 'a',
      name: 'Alpha',
      lowerName: 'alpha',
      chart: DEFAULT_CHART_SETTINGS,
    });
  });

  it('freezes the catalog and each entry', () => {
    expect(Object.isFrozen(catalogue)).toBe(true);
    expect(Object.isFrozen(catalogue.b)).toBe(true);
  });
});

describe('lookup', () => {
  it('returns the entry for a known code', () => {
    expect(lookup(catalogue, 'b')).toBe(catalogue.b);
  });

  it.each(['', 'c', 'A', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    'falls back to Unknown for %j',
    (code) => {
      expect(isCatalogueCode(catalogue, code)).toBe(false);
      expect(lookup(catalogue, code)).toEqual({
        code,
        name: UNKNOWN_NAME,
        lowerName: UNKNOWN_LOWER_NAME,
        chart: DEFAULT_CHART_SETTINGS,
      });
    },
  );

  it('rejects non-strings as codes', () => {
    expect(isCatalogueCode(catalogue, 1)).toBe(false);
    expect(isCatalogueCode(catalogue, null)).toBe(false);
    expect(isCatalogueCode(catalogue, undefined)).toBe(false);
  });
});

describe('unknownCatalogueEntry', () => {
  it('is named Unknown / unknown, keeps the code and is frozen', () => {
    const entry = unknownCatalogueEntry('xyz');
    expect(entry.code).toBe('xyz');
    expect(entry.name).toBe('Unknown');
    expect(entry.lowerName).toBe('unknown');
    expect(entry.chart).toBe(DEFAULT_CHART_SETTINGS);
    expect(Object.isFrozen(entry)).toBe(true);
  });
});
