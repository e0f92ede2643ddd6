import * as z from 'zod/mini';
import {
  defineCatalogue,
  isCatalogueCode,
  lookup,
  type CatalogueEntry,
} from './catalogue-entry.ts';

export const traitCodes = [
  'eyecolor',
  'height',
  'trait3',
  'haircolor',
  'hairloss',
  'myopia',
] as const;
export type TraitCode = (typeof traitCodes)[number];
export type Trait = CatalogueEntry<TraitCode>;

/** Spec section 3. */
export const traits = defineCatalogue(traitCodes, {
  eyecolor: { name: 'Eye Color', lowerName: 'eye color' },
  height: { name: 'Height', lowerName: 'height' },
  trait3: { name: 'Trait 3', lowerName: 'trait 3' },
  haircolor: { name: 'Hair Color', lowerName: 'hair color' },
  hairloss: { name: 'Hair Loss', lowerName: 'hair loss' },
  myopia: { name: 'Myopia (nearsightedness)', lowerName: 'myopia (nearsightedness)' },
});

export const traitCodeSchema = z.enum(traitCodes);

export function isTraitCode(code: unknown): code is TraitCode {
  return isCatalogueCode(traits, code);
}

/** The entry for a code, or an 'Unknown' entry (carrying the given code) for any other string. */
export function getTrait(code: string): CatalogueEntry {
  return lookup(traits, code);
}
