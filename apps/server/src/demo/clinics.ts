import type { Database } from '../db/database.ts';
import { clinic } from '../modules/clinics/schema.ts';

/**
 * The demo lab's partner clinics (fictional names, ordinary city addresses), so that /clinics has
 * something to find on a fresh portal: a few cities in a few states, with their own locations.
 */
export const demoClinics: readonly (typeof clinic.$inferInsert)[] = [
  {
    id: 'demo-clinic-hudson',
    name: 'Hudson Fertility Partners',
    addressLine1: '350 W 31st St',
    addressLine2: 'Floor 4',
    city: 'New York',
    state: 'NY',
    zip: '10001',
    phone: '(212) 555-0142',
    website: 'https://hudson-fertility.example',
    resultsEmail: 'results@hudson-fertility.example',
    latitude: 40.7506,
    longitude: -73.9956,
  },
  {
    id: 'demo-clinic-liberty',
    name: 'Liberty Reproductive Center',
    addressLine1: '1700 Market St',
    addressLine2: 'Suite 1200',
    city: 'Philadelphia',
    state: 'PA',
    zip: '19103',
    phone: '(215) 555-0178',
    website: 'https://liberty-reproductive.example',
    resultsEmail: 'results@liberty-reproductive.example',
    latitude: 39.9527,
    longitude: -75.1694,
  },
  {
    id: 'demo-clinic-harborview',
    name: 'Harborview Fertility Clinic',
    addressLine1: '75 Tremont St',
    addressLine2: null,
    city: 'Boston',
    state: 'MA',
    zip: '02108',
    phone: '(617) 555-0115',
    website: null,
    latitude: 42.358,
    longitude: -71.0603,
  },
  {
    id: 'demo-clinic-lakeshore',
    name: 'Lakeshore Fertility Institute',
    addressLine1: '233 N Michigan Ave',
    addressLine2: 'Suite 900',
    city: 'Chicago',
    state: 'IL',
    zip: '60601',
    phone: '(312) 555-0163',
    website: 'https://lakeshore-fertility.example',
    latitude: 41.8864,
    longitude: -87.624,
  },
  {
    id: 'demo-clinic-lone-star',
    name: 'Lone Star Family Fertility',
    addressLine1: '600 Congress Ave',
    addressLine2: null,
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    phone: '(512) 555-0191',
    website: 'https://lonestar-family-fertility.example',
    latitude: 30.2686,
    longitude: -97.7428,
  },
  {
    id: 'demo-clinic-sunset',
    name: 'Sunset Coast IVF',
    addressLine1: '800 W 6th St',
    addressLine2: 'Suite 350',
    city: 'Los Angeles',
    state: 'CA',
    zip: '90017',
    phone: '(213) 555-0127',
    website: 'https://sunset-coast-ivf.example',
    latitude: 34.0505,
    longitude: -118.2597,
  },
];

/** Adds the demo clinics that are missing; running it again changes nothing, edits stay. */
export async function seedDemoClinics(db: Database): Promise<void> {
  await db
    .insert(clinic)
    .values([...demoClinics])
    .onConflictDoNothing();
}
