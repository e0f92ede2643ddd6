import zipcodes from 'zipcodes';
import { zipStateProblem } from '@nestling/shared/contract/purchase';

/** A point on the earth, in degrees. */
export interface Location {
  latitude: number;
  longitude: number;
}

/** The mean radius of the earth in miles. */
const EARTH_RADIUS_MILES = 3958.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in miles. */
export function milesBetween(a: Location, b: Location): number {
  const dLatitude = radians(b.latitude - a.latitude);
  const dLongitude = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLatitude / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLongitude / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface ZipCenter extends Location {
  zip: string;
  city: string;
  state: string;
}

/** The center of a 5-digit US ZIP code from the bundled ZIP table; null when it is not in it. */
export function zipCenter(zip: string): ZipCenter | null {
  if (!/^\d{5}$/.test(zip)) return null;
  const found = zipcodes.lookup(zip);
  if (found?.country !== 'US') return null;
  return {
    zip: found.zip,
    city: found.city,
    state: found.state,
    latitude: found.latitude,
    longitude: found.longitude,
  };
}

/**
 * The problem with an address whose ZIP code the bundled table puts in another state, or null
 * (a code the table does not have is not judged: new codes appear).
 */
export function addressZipProblem(address: { zip: string; state: string }): string | null {
  const zip = address.zip.trim().slice(0, 5);
  const found = zipCenter(zip);
  if (found === null || found.state === address.state) return null;
  return zipStateProblem(zip, found.state, address.state);
}

/** 'Pennsylvania', 'pa' -> 'PA'; null for anything else. */
export function stateCodeOf(text: string): string | null {
  const upper = text.trim().toUpperCase();
  if (upper === '') return null;
  if (upper in zipcodes.states.abbr) return upper;
  return zipcodes.states.full[upper] ?? null;
}
