import { DEFAULT_CHART_SETTINGS, type ChartSettings } from './chart-settings.ts';

/** One disease or trait. `lowerName` is the form used inside a sentence. */
export interface CatalogueEntry<Code extends string = string> {
  readonly code: Code;
  readonly name: string;
  readonly lowerName: string;
  readonly chart: Readonly<ChartSettings>;
}

export const UNKNOWN_NAME = 'Unknown';
export const UNKNOWN_LOWER_NAME = 'unknown';

/** The fallback for a code the catalogue does not know; it keeps the code that was asked for. */
export function unknownCatalogueEntry(code: string): CatalogueEntry {
  return Object.freeze({
    code,
    name: UNKNOWN_NAME,
    lowerName: UNKNOWN_LOWER_NAME,
    chart: DEFAULT_CHART_SETTINGS,
  });
}

export type Catalogue<Code extends string> = Readonly<Record<Code, CatalogueEntry<Code>>>;

/** Builds a frozen catalogue whose keys follow the order of `codes`. */
export function defineCatalogue<const Code extends string>(
  codes: readonly Code[],
  names: Readonly<Record<Code, { name: string; lowerName: string }>>,
): Catalogue<Code> {
  const entries = codes.map((code): [Code, CatalogueEntry<Code>] => [
    code,
    Object.freeze({ code, ...names[code], chart: DEFAULT_CHART_SETTINGS }),
  ]);
  return Object.freeze(Object.fromEntries(entries) as Record<Code, CatalogueEntry<Code>>);
}

/** Own keys only, so codes such as 'constructor' or '__proto__' never reach the prototype. */
export function isCatalogueCode<Code extends string>(
  catalogue: Catalogue<Code>,
  code: unknown,
): code is Code {
  return typeof code === 'string' && Object.hasOwn(catalogue, code);
}

export function lookup<Code extends string>(
  catalogue: Catalogue<Code>,
  code: string,
): CatalogueEntry<Code> | CatalogueEntry {
  return isCatalogueCode(catalogue, code) ? catalogue[code] : unknownCatalogueEntry(code);
}
