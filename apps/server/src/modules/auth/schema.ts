import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/*
 * The four tables better-auth 1.7 reads and writes (user, session, account, verification),
 * keyed by the field names its Drizzle adapter uses, with snake_case columns. The user table
 * carries the portal's own fields as well (spec section 3). Ids are text: better-auth
 * generates them, and the demo users have fixed ones.
 */

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').default(false).notNull(),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),

  firstName: text('first_name'),
  lastName: text('last_name'),
  phone: text('phone'),
  /** 'Male' or 'Female'; older records hold 'M' and 'F'. */
  sex: text('sex'),
  birthMonth: integer('birth_month'),
  birthDay: integer('birth_day'),
  birthYear: integer('birth_year'),
  isAdminUser: boolean('is_admin_user').default(false).notNull(),
  enableDataPortal: boolean('enable_data_portal').default(false).notNull(),
  /** When the person agreed that their data may be used for research (ADR 027); null: no. */
  researchConsentAt: timestamp('research_consent_at', { withTimezone: true }),
  /** May open the demo embryo reports (sample data); lab staff always may. */
  demoReports: boolean('demo_reports').default(false).notNull(),
  /** 'done' once the health survey is complete. */
  healthSurveyStatus: text('health_survey_status'),
  tosAccepted: boolean('tos_accepted').default(false).notNull(),
  hipaaAccepted: boolean('hipaa_accepted').default(false).notNull(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Impersonation: the primary admin acting as this user (null for the user's own sessions). */
    impersonatedBy: text('impersonated_by').references(() => user.id, { onDelete: 'cascade' }),
    /** Impersonation: the admin's own session, kept as the secondary session and restored later. */
    impersonatorSessionId: text('impersonator_session_id'),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** better-auth's scrypt hash, for the 'credential' (email and password) provider. */
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

/** better-auth's JWT plugin: the key pairs that sign access tokens (private keys encrypted). */
export const jwks = pgTable('jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  alg: text('alg'),
  crv: text('crv'),
});

export type UserRow = typeof user.$inferSelect;
export type NewUserRow = typeof user.$inferInsert;
export type NewAccountRow = typeof account.$inferInsert;
