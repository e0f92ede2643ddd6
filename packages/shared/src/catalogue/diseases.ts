import * as z from 'zod/mini';
import {
  defineCatalogue,
  isCatalogueCode,
  lookup,
  type CatalogueEntry,
} from './catalogue-entry.ts';

export const diseaseCodes = [
  'aud',
  'brc',
  'bmi',
  'prc',
  't2d',
  'cad',
  'afb',
  'ibd',
  'ms',
  'scz',
  'isc',
  'alz',
  't1d',
  'bipolar',
  'celiac',
  'parkinsons',
  'endo',
  'asthma',
] as const;
export type DiseaseCode = (typeof diseaseCodes)[number];
export type Disease = CatalogueEntry<DiseaseCode>;

/** Spec section 3. Eponyms and the roman numeral keep their capitals in `lowerName`. */
export const diseases = defineCatalogue(diseaseCodes, {
  aud: { name: 'Alcohol Use Disorder', lowerName: 'alcohol use disorder' },
  brc: { name: 'Breast Cancer', lowerName: 'breast cancer' },
  bmi: { name: 'Class III Obesity', lowerName: 'class III obesity' },
  prc: { name: 'Prostate Cancer', lowerName: 'prostate cancer' },
  t2d: { name: 'Type 2 Diabetes', lowerName: 'type 2 diabetes' },
  cad: { name: 'Coronary Artery Disease', lowerName: 'coronary artery disease' },
  afb: { name: 'Atrial Fibrillation', lowerName: 'atrial fibrillation' },
  ibd: { name: 'Inflammatory Bowel Disease', lowerName: 'inflammatory bowel disease' },
  ms: { name: 'Multiple Sclerosis', lowerName: 'multiple sclerosis' },
  scz: { name: 'Schizophrenia', lowerName: 'schizophrenia' },
  isc: { name: 'Ischemic Stroke', lowerName: 'ischemic stroke' },
  alz: { name: "Alzheimer's Disease", lowerName: "Alzheimer's disease" },
  t1d: { name: 'Type 1 Diabetes', lowerName: 'type 1 diabetes' },
  bipolar: { name: 'Bipolar Disorder', lowerName: 'bipolar disorder' },
  celiac: { name: 'Celiac Disease', lowerName: 'celiac disease' },
  parkinsons: { name: "Parkinson's Disease", lowerName: "Parkinson's disease" },
  endo: { name: 'Endometriosis', lowerName: 'endometriosis' },
  asthma: { name: 'Childhood Asthma', lowerName: 'childhood asthma' },
});

export const diseaseCodeSchema = z.enum(diseaseCodes);

/** The sex a sex-specific condition is reported for. */
export type ReportedSex = 'female' | 'male';

/**
 * Conditions a lab reports for one sex only: breast cancer and endometriosis for women and
 * female embryos, prostate cancer for men and male embryos. (Men can get breast cancer, but
 * the polygenic models are built and calibrated on women.) Every other code, known or not,
 * is reported for everyone.
 */
export const sexSpecificDiseases: Readonly<Partial<Record<DiseaseCode, ReportedSex>>> =
  Object.freeze({ brc: 'female', endo: 'female', prc: 'male' });

/** The one sex a condition is reported for, or undefined when it is reported for everyone. */
export function diseaseReportedSex(code: string): ReportedSex | undefined {
  return isDiseaseCode(code) ? sexSpecificDiseases[code] : undefined;
}

export function isDiseaseCode(code: unknown): code is DiseaseCode {
  return isCatalogueCode(diseases, code);
}

/** The entry for a code, or an 'Unknown' entry (carrying the given code) for any other string. */
export function getDisease(code: string): CatalogueEntry {
  return lookup(diseases, code);
}
