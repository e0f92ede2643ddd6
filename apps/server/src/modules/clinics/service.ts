import { randomUUID } from 'node:crypto';
import {
  CLINIC_NOT_FOUND,
  CLINIC_SEARCH_LIMIT,
  unknownZipMessage,
  ZIP_UNKNOWN_MESSAGE,
  zipOfQuery,
  type AdminClinic,
  type Clinic,
  type ClinicInput,
  type ClinicSearchAnswer,
} from '@nestling/shared/contract/clinics';
import { milesBetween, stateCodeOf, zipCenter, type ZipCenter } from './geo.ts';
import type { ClinicChanges, ClinicRow, ClinicsRepository } from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

export function clinicOf(row: ClinicRow): Clinic {
  return {
    id: row.id,
    name: row.name,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
    website: row.website,
    latitude: row.latitude,
    longitude: row.longitude,
    active: row.active,
    receivesReports: row.resultsEmail !== null,
  };
}

/** As staff see it: with the address shared-report links go to. */
function adminClinicOf(row: ClinicRow): AdminClinic {
  return { ...clinicOf(row), resultsEmail: row.resultsEmail };
}

/** Miles to one decimal. */
const roundedMiles = (miles: number) => Math.round(miles * 10) / 10;

/** The directory of partner clinics and each person's chosen clinic (ADR 021). */
export function createClinicsService(deps: { repository: ClinicsRepository }) {
  const { repository } = deps;

  function nearest(rows: readonly ClinicRow[], origin: ZipCenter) {
    return rows
      .map((row) => ({ clinic: clinicOf(row), miles: milesBetween(origin, row) }))
      .sort((a, b) => a.miles - b.miles || a.clinic.name.localeCompare(b.clinic.name))
      .slice(0, CLINIC_SEARCH_LIMIT)
      .map(({ clinic, miles }) => ({ clinic, distanceMiles: roundedMiles(miles) }));
  }

  /** The fields as stored: the location given, else the ZIP's center (an unknown ZIP is refused). */
  function changesOf(input: ClinicInput): ClinicChanges {
    let latitude = input.latitude ?? null;
    let longitude = input.longitude ?? null;
    if (latitude === null || longitude === null) {
      const center = zipCenter(input.zip);
      // Worded like a validation refusal, so the form shows it at the ZIP field.
      if (center === null)
        throw new Refusal(400, `Invalid request: body.zip: ${ZIP_UNKNOWN_MESSAGE}`);
      latitude = center.latitude;
      longitude = center.longitude;
    }
    return {
      name: input.name,
      addressLine1: input.addressLine1,
      addressLine2: input.addressLine2 === '' ? null : (input.addressLine2 ?? null),
      city: input.city,
      state: input.state,
      zip: input.zip,
      phone: input.phone,
      website: input.website === '' ? null : (input.website ?? null),
      resultsEmail: input.resultsEmail === '' ? null : (input.resultsEmail ?? null),
      latitude,
      longitude,
      active: input.active,
    };
  }

  return {
    /**
     * Active clinics for a query: a ZIP orders them by distance from its center; other text
     * filters by name, city or state, by name. Without a query, all of them, nearest first to
     * the ZIP of the person's shipping address when there is one.
     */
    async search(userId: string, query: string | undefined): Promise<ClinicSearchAnswer> {
      const text = (query ?? '').trim();
      if (text === '') {
        const rows = await repository.active();
        const shippingZip = await repository.shippingZipOf(userId);
        const origin = shippingZip === null ? null : zipCenter(shippingZip.slice(0, 5));
        if (origin === null) {
          return {
            results: rows
              .slice(0, CLINIC_SEARCH_LIMIT)
              .map((row) => ({ clinic: clinicOf(row), distanceMiles: null })),
            origin: null,
            problem: null,
          };
        }
        return {
          results: nearest(rows, origin),
          origin: { zip: origin.zip, city: origin.city, state: origin.state, source: 'shipping' },
          problem: null,
        };
      }
      const zip = zipOfQuery(text);
      if (zip !== null) {
        const origin = zipCenter(zip);
        if (origin === null) return { results: [], origin: null, problem: unknownZipMessage(zip) };
        return {
          results: nearest(await repository.active(), origin),
          origin: { zip: origin.zip, city: origin.city, state: origin.state, source: 'query' },
          problem: null,
        };
      }
      const state = stateCodeOf(text);
      const rows = await repository.active({ text, states: state === null ? [] : [state] });
      return {
        results: rows
          .slice(0, CLINIC_SEARCH_LIMIT)
          .map((row) => ({ clinic: clinicOf(row), distanceMiles: null })),
        origin: null,
        problem: null,
      };
    },

    async all(): Promise<AdminClinic[]> {
      return (await repository.all()).map(adminClinicOf);
    },

    async create(input: ClinicInput): Promise<AdminClinic> {
      return adminClinicOf(await repository.insert({ id: randomUUID(), ...changesOf(input) }));
    },

    async update(id: string, input: ClinicInput): Promise<AdminClinic> {
      const updated = await repository.update(id, changesOf(input));
      if (updated === null) throw new Refusal(404, CLINIC_NOT_FOUND);
      return adminClinicOf(updated);
    },

    async chosenBy(userId: string): Promise<Clinic | null> {
      const row = await repository.chosenBy(userId);
      return row === null ? null : clinicOf(row);
    },

    /** Only an active clinic may be chosen; any other id is not found. */
    async choose(userId: string, clinicId: string): Promise<Clinic> {
      const row = await repository.byId(clinicId);
      if (row?.active !== true) throw new Refusal(404, CLINIC_NOT_FOUND);
      await repository.choose(userId, row.id);
      return clinicOf(row);
    },

    async clear(userId: string): Promise<void> {
      await repository.clear(userId);
    },
  };
}
