import {
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';

/**
 * A partner IVF clinic in the lab's directory (/clinics), managed by lab staff. The location is
 * the clinic's own when staff give one, otherwise the center of its ZIP code; patients' searches
 * order clinics by the distance from it. An inactive clinic is no longer offered.
 */
export const clinic = pgTable(
  'clinic',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    /** Two-letter USPS code. */
    state: text('state').notNull(),
    /** Five digits. */
    zip: text('zip').notNull(),
    phone: text('phone').notNull(),
    website: text('website'),
    /** Where links to the reports patients share with the clinic are mailed; null for none. */
    resultsEmail: text('results_email'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    active: boolean('active').default(true).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('clinic_zip_idx').on(table.zip),
    check(
      'clinic_location',
      sql`${table.latitude} between -90 and 90 and ${table.longitude} between -180 and 180`,
    ),
  ],
);

/** The clinic a person chose as theirs on /clinics; one per person. */
export const patientClinic = pgTable(
  'patient_clinic',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    clinicId: text('clinic_id')
      .notNull()
      .references(() => clinic.id, { onDelete: 'cascade' }),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).defaultNow().notNull(),
    /**
     * When the person agreed to share their reports with this clinic (ADR 026); null while they
     * do not. Choosing another clinic clears it: the consent names one clinic.
     */
    sharingSince: timestamp('sharing_since', { withTimezone: true }),
  },
  (table) => [index('patient_clinic_clinic_id_idx').on(table.clinicId)],
);
