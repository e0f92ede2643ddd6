import * as z from 'zod/mini';
import { environments, type EnvironmentName } from '../environments.ts';
import { emailSchema } from './fields.ts';
import { US_STATES } from './purchase.ts';
import { reportSummarySchema } from './report-view.ts';
import { phoneSchema } from './signup.ts';
import { asUserSchema } from './view-as.ts';

/*
 * The partner IVF clinic directory (/clinics, ADR 021). Lab staff keep the clinics on /admin; a
 * patient searches them by name, city, state or ZIP (a ZIP orders them by distance) and may mark
 * one as theirs, which the embryo screening journey then names.
 */

export const CLINIC_NOT_FOUND = 'There is no such clinic';
export const ZIP_MESSAGE = 'Enter a 5-digit ZIP code, like 10001';
export const ZIP_UNKNOWN_MESSAGE =
  'We cannot find this ZIP code. Check it, or give the location (latitude and longitude).';
export const LOCATION_PAIR_MESSAGE = 'Give both latitude and longitude, or neither';
export const LATITUDE_MESSAGE = 'Enter a latitude between -90 and 90';
export const LONGITUDE_MESSAGE = 'Enter a longitude between -180 and 180';
export const WEBSITE_MESSAGE = 'Enter an address starting with https://';
export const NO_CLINIC_CHOSEN =
  'Choose your clinic first, then you can share your reports with it.';
export const CLINIC_RECEIVES_NO_REPORTS =
  'This clinic does not receive reports through the portal. Download your reports and give them to the clinic yourself.';
export const CLINIC_SHARE_NOT_FOUND =
  'This link does not work any more: it has expired, or the patient has stopped sharing. Ask the patient to send a new one.';
/** How long a link mailed to a clinic works. */
export const CLINIC_SHARE_DAYS = 30;
/** The most clinics one search answers with. */
export const CLINIC_SEARCH_LIMIT = 50;

/** '12345' or '12345-6789' (with spaces around) is a ZIP search; the answer is its first 5 digits. */
export function zipOfQuery(query: string): string | null {
  const match = /^(\d{5})(-\d{4})?$/.exec(query.trim());
  return match?.[1] ?? null;
}

/** The unknown-ZIP answer of a search. */
export function unknownZipMessage(zip: string): string {
  return `We do not know the ZIP code ${zip}. Check it, or search by the clinic’s name, city or state.`;
}

/** https://www.google.com/maps/search/ for the address: opens in any browser, no key needed. */
export function mapsSearchUrl(clinic: {
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zip: string;
  name: string;
}): string {
  const address = [clinic.name, clinic.addressLine1, clinic.city, `${clinic.state} ${clinic.zip}`]
    .filter((part) => part !== '')
    .join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

const text = (missing: string, max = 100) =>
  z
    .string({ error: missing })
    .check(
      z.trim(),
      z.minLength(1, { error: missing }),
      z.maxLength(max, { error: `Keep this under ${String(max)} characters` }),
    );

const optionalText = z.optional(
  z.nullable(
    z.string().check(z.trim(), z.maxLength(100, { error: 'Keep this under 100 characters' })),
  ),
);

const websiteSchema = z.optional(
  z.nullable(
    z.string({ error: WEBSITE_MESSAGE }).check(
      z.trim(),
      z.maxLength(300, { error: 'Keep this under 300 characters' }),
      z.refine(
        (value) => {
          if (value === '') return true;
          if (!URL.canParse(value)) return false;
          const url = new URL(value);
          return url.protocol === 'https:' && url.hostname.includes('.');
        },
        { error: WEBSITE_MESSAGE },
      ),
    ),
  ),
);

/** POST /admin/clinics and PUT /admin/clinics/{id}. */
export const clinicInputSchema = z
  .strictObject({
    name: text('Enter the clinic’s name', 120),
    addressLine1: text('Enter the street address'),
    addressLine2: optionalText,
    city: text('Enter the city'),
    state: z.enum(US_STATES, { error: 'Choose a state' }),
    zip: z
      .string({ error: ZIP_MESSAGE })
      .check(z.trim(), z.regex(/^\d{5}$/, { error: ZIP_MESSAGE })),
    phone: phoneSchema,
    /** An https address, or empty/null for none. */
    website: websiteSchema,
    /**
     * Where the clinic receives links to the reports patients share with it (ADR 026); empty or
     * null when the clinic receives none through the portal.
     */
    resultsEmail: z.optional(z.nullable(z.union([z.literal(''), emailSchema]))),
    /** The clinic's own location; without it, the center of its ZIP code. */
    latitude: z.optional(
      z.nullable(z.number({ error: LATITUDE_MESSAGE }).check(z.gte(-90), z.lte(90))),
    ),
    longitude: z.optional(
      z.nullable(z.number({ error: LONGITUDE_MESSAGE }).check(z.gte(-180), z.lte(180))),
    ),
    /** An inactive clinic is no longer offered to patients. */
    active: z.boolean(),
  })
  .check(
    z.refine((input) => (input.latitude ?? null) === null || (input.longitude ?? null) !== null, {
      error: LOCATION_PAIR_MESSAGE,
      path: ['longitude'],
    }),
    z.refine((input) => (input.longitude ?? null) === null || (input.latitude ?? null) !== null, {
      error: LOCATION_PAIR_MESSAGE,
      path: ['latitude'],
    }),
  );
export type ClinicInput = z.infer<typeof clinicInputSchema>;

export const clinicParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
});

/** A clinic as patients see it. */
export const clinicSchema = z.object({
  id: z.string(),
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.nullable(z.string()),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  website: z.nullable(z.string()),
  latitude: z.number(),
  longitude: z.number(),
  active: z.boolean(),
  /** Whether patients can share their reports with the clinic through the portal. */
  receivesReports: z.boolean(),
});
export type Clinic = z.infer<typeof clinicSchema>;

/** A clinic as staff see it: with the address its shared-report links go to. */
export const adminClinicSchema = z.extend(clinicSchema, { resultsEmail: z.nullable(z.string()) });
export type AdminClinic = z.infer<typeof adminClinicSchema>;

export const adminClinicsAnswerSchema = z.object({
  /** Every clinic, active or not, by name. */
  clinics: z.array(adminClinicSchema),
});
export type AdminClinicsAnswer = z.infer<typeof adminClinicsAnswerSchema>;

/** GET /clinics. */
export const clinicSearchQuerySchema = z.object({
  /** Name, city, state or ZIP; empty lists them all (near the person's shipping ZIP if known). */
  query: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  asUser: z.optional(asUserSchema),
});
export type ClinicSearchQuery = z.infer<typeof clinicSearchQuerySchema>;

export const clinicResultSchema = z.object({
  clinic: clinicSchema,
  /** Great-circle miles from the origin, one decimal; null without an origin. */
  distanceMiles: z.nullable(z.number()),
});
export type ClinicResult = z.infer<typeof clinicResultSchema>;

export const clinicSearchAnswerSchema = z.object({
  /** Active clinics: nearest first from the origin, else by name. */
  results: z.array(clinicResultSchema),
  /** Where distances are measured from: the ZIP searched for, or the person's shipping ZIP. */
  origin: z.nullable(
    z.object({
      zip: z.string(),
      city: z.string(),
      state: z.string(),
      source: z.enum(['query', 'shipping']),
    }),
  ),
  /** Set when the query was a ZIP code the directory does not know. */
  problem: z.nullable(z.string()),
});
export type ClinicSearchAnswer = z.infer<typeof clinicSearchAnswerSchema>;

/** GET /user/clinic. */
export const myClinicQuerySchema = z.object({ asUser: z.optional(asUserSchema) });

/** PUT /user/clinic. */
export const myClinicRequestSchema = z.strictObject({
  clinicId: z.string({ error: 'Choose a clinic' }).check(z.minLength(1), z.maxLength(64)),
});
export type MyClinicRequest = z.infer<typeof myClinicRequestSchema>;

/** The person's consent to share their reports with their clinic (ADR 026). */
export const clinicSharingSchema = z.object({
  /** When the person said yes, ISO 8601. */
  since: z.string(),
  /** When the link last mailed to the clinic stops working, ISO 8601. */
  linkExpiresAt: z.string(),
  /** Reports the clinic can open now. */
  reports: z.number(),
  /** Joint and embryo reports that wait for the partner to share with the same clinic too. */
  awaitingPartner: z.number(),
});
export type ClinicSharing = z.infer<typeof clinicSharingSchema>;

export const myClinicAnswerSchema = z.object({
  /** The clinic the person chose; it may since have left the directory (`active` false). */
  clinic: z.nullable(clinicSchema),
  /** Null while the person does not share their reports with it. */
  sharing: z.nullable(clinicSharingSchema),
});
export type MyClinicAnswer = z.infer<typeof myClinicAnswerSchema>;

/**
 * PUT /user/clinic/sharing: `share: true` records the consent and mails the clinic a new link
 * (an earlier link stops working); `false` withdraws it and every link stops working at once.
 */
export const clinicSharingRequestSchema = z.strictObject({ share: z.boolean() });
export type ClinicSharingRequest = z.infer<typeof clinicSharingRequestSchema>;

/** The link a clinic was mailed: /clinic-share/{token}. */
export const clinicShareParamsSchema = z.object({
  token: z.string().check(z.minLength(20), z.maxLength(100)),
});
export const clinicShareReportParamsSchema = z.object({
  token: z.string().check(z.minLength(20), z.maxLength(100)),
  reportId: z.string().check(z.minLength(1), z.maxLength(200)),
});

/** GET /clinic-shares/{token}: what a clinic sees behind its link. */
export const clinicShareAnswerSchema = z.object({
  clinicName: z.string(),
  patient: z.object({
    name: z.string(),
    /** MM/DD/YYYY, or null when the person has not given it. */
    dateOfBirth: z.nullable(z.string()),
  }),
  expiresAt: z.string(),
  /** The latest version of each report shared, newest report first. */
  reports: z.array(
    z.extend(reportSummarySchema, {
      /** The names printed on it: the patient, or both partners. */
      people: z.array(z.string()),
      /** Sensitive results the patient (or a partner) has not chosen to see: left out (ADR 022). */
      heldBack: z.number(),
    }),
  ),
});
export type ClinicShareAnswer = z.infer<typeof clinicShareAnswerSchema>;

/** The origin of the static map images; the CSP allows it as an image source only with a key. */
export const STATIC_MAPS_ORIGIN = 'https://maps.googleapis.com';

/**
 * The maps key in force: the operator's MAPS_API_KEY, else the environment table's; null (no
 * map) when neither is set.
 */
export function mapsKeyOf(
  keys: { mapsApiKey: string | null },
  environment: EnvironmentName,
): string | null {
  const key = keys.mapsApiKey ?? environments[environment].mapsApiKey;
  return key.trim() === '' ? null : key.trim();
}

/** A static map image with a numbered marker per clinic (the first nine). */
export function staticMapUrl(
  key: string,
  points: readonly { latitude: number; longitude: number }[],
): string {
  const params = new URLSearchParams({ size: '640x360', scale: '2' });
  points.slice(0, 9).forEach((point, index) => {
    params.append(
      'markers',
      `color:red|label:${String(index + 1)}|${String(point.latitude)},${String(point.longitude)}`,
    );
  });
  params.append('key', key);
  return `${STATIC_MAPS_ORIGIN}/maps/api/staticmap?${params.toString()}`;
}
