import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ReportContent, ReportKind } from '@nestling/shared/contract/report';

/*
 * The four tables better-auth 1.7 reads and writes (user, session, account, verification),
 * keyed by the field names its Drizzle adapter uses, with snake_case columns. The user table
 * carries the portal's own fields as well (spec section 3). Ids are text: better-auth
 * generates them, and the demo users have fixed ones.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull();

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

/**
 * Fixed-window request counts shared by every replica: one row per bucket (what is limited,
 * e.g. 'sign-in-failure:account') and key (an IP address or a hashed email).
 */
export const rateLimit = pgTable(
  'rate_limit',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.key] })],
);

/**
 * Every read of one person's data by someone else (admin view-as, impersonation) and every
 * auth event: who, as whom, what, when and the request id. Never health data or secrets.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
    /** The signed-in person (the admin, when viewing as or impersonating); null when unknown. */
    actorId: text('actor_id'),
    /** Whose data or account it was about; null when none. */
    subjectId: text('subject_id'),
    /** What happened: 'view-as', 'impersonation-start', 'sign-in', 'password-change', … */
    action: text('action').notNull(),
    /** The route read, e.g. 'GET /api/user' (the first, for a page view's row). */
    route: text('route'),
    requestId: text('request_id'),
    /** The portal page a staff member had open, e.g. '/reports/joint' (ADR 007). */
    page: text('page'),
    /** The web app's id of that page view: its reads fold into one row. */
    pageViewId: text('page_view_id'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_subject_id_idx').on(table.subjectId),
    index('audit_log_actor_id_idx').on(table.actorId),
    // One row per (staff member, patient, action, page, view); rows without a view never
    // collide, as nulls are distinct.
    uniqueIndex('audit_log_page_view_idx').on(
      table.pageViewId,
      table.actorId,
      table.subjectId,
      table.action,
      table.page,
    ),
  ],
);

/** Unix seconds, as spec section 3 gives purchase dates. */
const unixSeconds = (name: string) => bigint(name, { mode: 'number' });

/**
 * A couple's preconception account (spec section 3), named so as not to clash with
 * better-auth's `account`. A partner invited by email has no user id until they accept.
 */
export const coupleAccount = pgTable(
  'couple_account',
  {
    id: text('id').primaryKey(),
    mother: text('mother_id').references(() => user.id, { onDelete: 'set null' }),
    father: text('father_id').references(() => user.id, { onDelete: 'set null' }),
    motherEmail: text('mother_email'),
    fatherEmail: text('father_email'),
    /** The purchase ids of each partner's kit order. */
    motherOrder: text('mother_order'),
    fatherOrder: text('father_order'),
    pendingFatherAccept: boolean('pending_father_accept').default(false).notNull(),
    pendingMotherAccept: boolean('pending_mother_accept').default(false).notNull(),
    purchaseDate: unixSeconds('purchase_date').notNull(),
    /** '30x' or 'standard'. */
    testType: text('test_type').notNull(),
    /** Includes 'PURCHASED' once paid. */
    donePilotOnboardingSteps: text('done_pilot_onboarding_steps').array().default([]).notNull(),
    /** Each partner's choice to let the other see their individual results; off by default. */
    motherSharesIndividual: boolean('mother_shares_individual').default(false).notNull(),
    fatherSharesIndividual: boolean('father_shares_individual').default(false).notNull(),
    /** When the couple's kits were activated together; null before. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('couple_account_mother_idx').on(table.mother),
    index('couple_account_father_idx').on(table.father),
  ],
);

/** One person's own test (spec section 3, individual order). */
export const individualOrder = pgTable(
  'individual_order',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    purchaseId: text('purchase_id').notNull(),
    purchaseDate: unixSeconds('purchase_date').notNull(),
    testType: text('test_type').notNull(),
    /**
     * The couple test this order is one partner's part of (its purchase id that partner's kit);
     * null for an individual test. A couple's test sells an individual report for each of them.
     */
    coupleAccountId: text('couple_account_id').references(() => coupleAccount.id, {
      onDelete: 'cascade',
    }),
    /**
     * When the kit was activated (PATCH /individual_reports/{id}/activate, or with both kits of
     * its couple); null before.
     */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('individual_order_user_id_idx').on(table.userId),
    uniqueIndex('individual_order_couple_kit_idx')
      .on(table.coupleAccountId, table.purchaseId)
      .where(sql`${table.coupleAccountId} is not null`),
  ],
);

/**
 * A report as the lab identifies it; its content lives in its versions. An individual report
 * belongs to an individual order, a joint or embryo report to a couple account.
 */
export const report = pgTable(
  'report',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<ReportKind>().notNull(),
    labReportId: text('lab_report_id').notNull().unique(),
    individualOrderId: text('individual_order_id').references(() => individualOrder.id, {
      onDelete: 'cascade',
    }),
    coupleAccountId: text('couple_account_id').references(() => coupleAccount.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    index('report_individual_order_id_idx').on(table.individualOrderId),
    index('report_couple_account_id_idx').on(table.coupleAccountId),
    check(
      'report_one_owner',
      sql`(${table.individualOrderId} is null) <> (${table.coupleAccountId} is null)`,
    ),
  ],
);

/** Every version a lab delivered; patients see the highest and may open earlier ones. */
export const reportVersion = pgTable(
  'report_version',
  {
    id: text('id').primaryKey(),
    reportId: text('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The report content, as checked by the shared schema. */
    content: jsonb('content').$type<ReportContent>().notNull(),
    /** What changed since the previous version; null for version 1. */
    changelog: text('changelog'),
    signedOffOn: date('signed_off_on', { mode: 'string' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [unique('report_version_report_id_version_unique').on(table.reportId, table.version)],
);

/** A person's documents; the file is stored under DATA_DIR/files/. */
export const document = pgTable(
  'document',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** e.g. 'report', 'consent', 'invoice'. */
    kind: text('kind').notNull(),
    /** The document's own date, YYYY-MM-DD. */
    date: date('date', { mode: 'string' }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Relative to DATA_DIR/files/. */
    storagePath: text('storage_path').notNull(),
    /** The report the document belongs to (a cover letter, a counseling note); null for none. */
    reportId: text('report_id').references(() => report.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('document_user_id_idx').on(table.userId),
    index('document_report_id_idx').on(table.reportId),
  ],
);

/**
 * A short-lived link to view one document (POST /user/documents/{id}/session). Only the
 * SHA-256 of the random token is kept; the link works once, before `expires_at`.
 */
export const documentSession = pgTable(
  'document_session',
  {
    tokenHash: text('token_hash').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    /** Who asked for the link (the admin, when viewing as the patient). */
    createdBy: text('created_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('document_session_expires_at_idx').on(table.expiresAt)],
);

/** Keys a lab's pipeline delivers reports with. Only a hash is kept; the key is shown once. */
export const labApiKey = pgTable('lab_api_key', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** SHA-256 of the whole key, hex. */
  keyHash: text('key_hash').notNull().unique(),
  /** The key's first characters, so admins can tell keys apart. */
  prefix: text('prefix').notNull(),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export type UserRow = typeof user.$inferSelect;
export type NewUserRow = typeof user.$inferInsert;
export type NewAccountRow = typeof account.$inferInsert;

/**
 * The product catalogue: the four products of spec sections 2 and 9, keyed by their code
 * ('couple', 'couple-30x', 'individual', 'individual-30x'). Lab staff edit the price and
 * texts; orders copy what they were sold at.
 */
export const product = pgTable('product', {
  code: text('code').primaryKey(),
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  includes: text('includes').array().default([]).notNull(),
  turnaroundDays: integer('turnaround_days').notNull(),
  updatedAt: updatedAt(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
});

/** Discount codes staff manage; stored in upper case. */
export const discountCode = pgTable(
  'discount_code',
  {
    code: text('code').primaryKey(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    active: boolean('active').default(true).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    /** Paid orders that used the code. */
    redemptions: integer('redemptions').default(0).notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'discount_code_one_kind',
      sql`(${table.percentOff} is null) <> (${table.amountOffCents} is null)`,
    ),
  ],
);

/**
 * One attempt to buy: what the patient asked for, the amounts the server computed, and the
 * payment's state. The same idempotency key from the same person is the same checkout.
 */
export const checkout = pgTable(
  'checkout',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    productCode: text('product_code').notNull(),
    /** The partner and the shipping addresses as entered (the checkout contract's `request`). */
    request: jsonb('request').notNull(),
    priceCents: integer('price_cents').notNull(),
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    /** 'test' or 'stripe'. */
    provider: text('provider').notNull(),
    /** 'open', 'requires_action', 'paid', 'canceled' or 'expired'. */
    status: text('status').notNull(),
    /** Stripe's Checkout Session id and hosted page; null for the test provider. */
    providerSessionId: text('provider_session_id').unique(),
    redirectUrl: text('redirect_url'),
    paymentError: text('payment_error'),
    cardLast4: text('card_last4'),
    /** The provider's payment id (Stripe's payment intent), once paid. */
    providerPaymentId: text('provider_payment_id'),
    /**
     * A refund the provider reported before the order existed (events out of order): the order
     * is created refunded.
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Until when the unpaid checkout holds one use of its discount code, for a code with a
     * limit (ADR 039): uses are counted when a checkout begins, not when it is paid. Null when
     * it holds none (no code, a code without a limit, or the hold was given back).
     */
    discountHeldUntil: timestamp('discount_held_until', { withTimezone: true }),
    /**
     * When a test card's check began on this checkout: a second card sent meanwhile (a double
     * click) is told the payment is under way and counts no attempt.
     */
    cardCheckStartedAt: timestamp('card_check_started_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('checkout_user_idempotency_unique').on(table.userId, table.idempotencyKey),
    index('checkout_discount_hold_idx')
      .on(table.discountCode)
      .where(sql`${table.discountHeldUntil} is not null`),
  ],
);

/**
 * A paid order. `checkout_id` is unique, so however many times a payment is confirmed (a
 * double click, two tabs, a replayed webhook) one checkout makes one order.
 */
export const purchaseOrder = pgTable(
  'purchase_order',
  {
    id: text('id').primaryKey(),
    /** Shown as 'NS-<seq>'. */
    seq: integer('seq').generatedAlwaysAsIdentity({ startWith: 10001 }).notNull(),
    checkoutId: text('checkout_id')
      .notNull()
      .unique()
      .references(() => checkout.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    /** 'paid' or 'refunded'. */
    status: text('status').notNull(),
    /** The furthest tracker stage reached. */
    stage: text('stage').notNull(),
    currency: text('currency').notNull(),
    priceCents: integer('price_cents').notNull(),
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    cardLast4: text('card_last4'),
    provider: text('provider').notNull(),
    /** The provider's payment id (Stripe's payment intent), for refunds. */
    providerPaymentId: text('provider_payment_id'),
    /** For a couple: { firstName, lastName, email } named at checkout. */
    partner: jsonb('partner'),
    turnaroundDays: integer('turnaround_days').notNull(),
    coupleAccountId: text('couple_account_id').references(() => coupleAccount.id, {
      onDelete: 'set null',
    }),
    individualOrderId: text('individual_order_id').references(() => individualOrder.id, {
      onDelete: 'set null',
    }),
    receiptDocumentId: text('receipt_document_id').references(() => document.id, {
      onDelete: 'set null',
    }),
    purchaseDate: unixSeconds('purchase_date').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('purchase_order_user_id_idx').on(table.userId),
    index('purchase_order_couple_account_id_idx').on(table.coupleAccountId),
    index('purchase_order_individual_order_id_idx').on(table.individualOrderId),
  ],
);

/** A kit; its id (with a check character) is printed on the tube. */
export const kit = pgTable(
  'kit',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => purchaseOrder.id, { onDelete: 'cascade' }),
    /** 'mother', 'father' or 'self'. */
    role: text('role').notNull(),
    recipient: text('recipient').notNull(),
    shippingAddress: jsonb('shipping_address').notNull(),
    /** When the person last changed the address on /delivery; null while it is the checkout's. */
    addressChangedAt: timestamp('address_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('kit_order_id_idx').on(table.orderId)],
);

/**
 * A kit's prepaid return label, kept among the documents of the person who printed it: one per
 * kit and person, so printing it again hands back the same document.
 */
export const returnLabel = pgTable(
  'return_label',
  {
    kitId: text('kit_id')
      .notNull()
      .references(() => kit.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    documentId: text('document_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.kitId, table.userId] })],
);

/**
 * The return label bought for a kit from the shipping provider (ADR 044): one per kit, whoever
 * prints it, so a second request hands back the same label and buys nothing. Tracking updates
 * from the provider's webhook find the kit by `(provider, provider_shipment_id)`.
 */
export const returnShipment = pgTable(
  'return_shipment',
  {
    kitId: text('kit_id')
      .primaryKey()
      .references(() => kit.id, { onDelete: 'cascade' }),
    /** 'test' or 'easypost'. */
    provider: text('provider').notNull(),
    providerShipmentId: text('provider_shipment_id').notNull(),
    /** One of the contract's CARRIERS. */
    carrier: text('carrier').notNull(),
    service: text('service').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    postageCents: integer('postage_cents').notNull(),
    currency: text('currency').notNull(),
    /** Made by the test provider: marked as test, valid for no postage. */
    test: boolean('test').notNull(),
    /** The carrier's own label image, when the provider gives one (a PNG URL). */
    labelUrl: text('label_url'),
    /** 'label-created', 'in-transit', 'delivered' or 'exception'. */
    status: text('status').notNull(),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique('return_shipment_provider_shipment_unique').on(table.provider, table.providerShipmentId),
  ],
);

/** Shipping providers' tracking events handled once: a repeated one changes nothing. */
export const shippingEvent = pgTable(
  'shipping_event',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    kitId: text('kit_id').references(() => kit.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** Each step an order's tracker took, and who recorded it. */
export const orderEvent = pgTable(
  'order_event',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => purchaseOrder.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    note: text('note'),
    /** 'system', 'staff', 'lab' or 'carrier' (a return label's tracking, ADR 044). */
    source: text('source').notNull(),
    actorId: text('actor_id'),
    createdAt: createdAt(),
  },
  (table) => [index('order_event_order_id_idx').on(table.orderId)],
);

/** Provider events handled once: a replayed webhook finds its id here and changes nothing. */
export const paymentEvent = pgTable(
  'payment_event',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/*
 * From purchase to sample: health surveys, terms acceptances, kit activation,
 * partner invitations and per-partner sharing.
 */

/**
 * One person's answers to one health-survey variant, kept as a FHIR R4 QuestionnaireResponse
 * (`response`). Saved on every answer; `revision` rises with each save, so a save made from a
 * stale copy (another tab, another device) is refused instead of overwriting newer answers.
 */
export const surveyResponse = pgTable(
  'survey_response',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'saliva-mother', 'saliva-father', 'pgt-mother' or 'pgt-father'. */
    variant: text('variant').notNull(),
    /** The Questionnaire's version the answers were given to. */
    questionnaireVersion: text('questionnaire_version').notNull(),
    /** 'in-progress' or 'completed' (the QuestionnaireResponse status). */
    status: text('status').notNull(),
    /** The QuestionnaireResponse resource itself. */
    response: jsonb('response').notNull(),
    /** The page the person was on, to reopen there. */
    currentPage: text('current_page'),
    revision: integer('revision').default(1).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [unique('survey_response_user_variant_unique').on(table.userId, table.variant)],
);

/** Each acceptance of a version of the terms of service or the HIPAA notice. */
export const termsAcceptance = pgTable(
  'terms_acceptance',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'tos' or 'hipaa'. */
    document: text('document').notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    /** The copy of what was accepted, in the person's documents. */
    documentId: text('document_id').references(() => document.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('terms_acceptance_user_document_version_unique').on(
      table.userId,
      table.document,
      table.version,
    ),
  ],
);

/**
 * An invitation to be the partner on a couple account. The emailed link carries a random token;
 * only its SHA-256 is kept. Single use, until `expires_at`.
 */
export const partnerInvitation = pgTable(
  'partner_invitation',
  {
    id: text('id').primaryKey(),
    coupleAccountId: text('couple_account_id')
      .notNull()
      .references(() => coupleAccount.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Lower-cased and trimmed. */
    email: text('email').notNull(),
    /** The role the invited person takes: 'mother' or 'father'. */
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * The hashes of the links a resend replaced: such a link says a newer invitation replaced
     * it, instead of that it was copied wrong. They open nothing.
     */
    replacedTokenHashes: text('replaced_token_hashes').array().default([]).notNull(),
    sendCount: integer('send_count').default(1).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('partner_invitation_couple_account_id_idx').on(table.coupleAccountId),
    index('partner_invitation_email_idx').on(table.email),
    index('partner_invitation_replaced_token_hashes_idx').using('gin', table.replacedTokenHashes),
  ],
);

/**
 * The lab's own starting values for the risk calculator, one row per catalogue condition it has
 * changed (the code is the disease code). A null value is the published one
 * (packages/shared/src/risk/condition-defaults.ts); the note says where the lab's come from.
 */
export const riskConditionSetting = pgTable(
  'risk_condition_setting',
  {
    code: text('code').primaryKey(),
    prevalence: doublePrecision('prevalence'),
    r2: doublePrecision('r2'),
    heritability: doublePrecision('heritability'),
    note: text('note').notNull(),
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    check(
      'risk_condition_setting_fractions',
      sql`(${table.prevalence} is null or (${table.prevalence} > 0 and ${table.prevalence} < 1)) and (${table.r2} is null or (${table.r2} > 0 and ${table.r2} < 1)) and (${table.heritability} is null or (${table.heritability} > 0 and ${table.heritability} < 1))`,
    ),
    check(
      'risk_condition_setting_some_value',
      sql`${table.prevalence} is not null or ${table.r2} is not null or ${table.heritability} is not null`,
    ),
  ],
);

/**
 * A genetic counselor whom patients can book (ADR 019). Their weekly hours are wall-clock
 * times in `time_zone` (IANA). An inactive counselor offers no new slots.
 */
export const counselor = pgTable('counselor', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  bio: text('bio').default('').notNull(),
  timeZone: text('time_zone').notNull(),
  active: boolean('active').default(true).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One period of a weekday (ISO: 1 Monday .. 7 Sunday) in which a counselor takes appointments,
 * cut into slots of `slot_minutes` from the start; minutes after local midnight.
 */
export const counselorAvailability = pgTable(
  'counselor_availability',
  {
    id: text('id').primaryKey(),
    counselorId: text('counselor_id')
      .notNull()
      .references(() => counselor.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    slotMinutes: integer('slot_minutes').notNull(),
  },
  (table) => [
    index('counselor_availability_counselor_id_idx').on(table.counselorId),
    check(
      'counselor_availability_window',
      sql`${table.weekday} between 1 and 7 and ${table.startMinute} >= 0 and ${table.endMinute} <= 1440 and ${table.slotMinutes} > 0 and ${table.endMinute} - ${table.startMinute} >= ${table.slotMinutes}`,
    ),
  ],
);

/**
 * A person's counseling appointment. A slot is a counselor and a start time; the partial
 * unique index lets only one booked appointment hold it, however many requests race for it.
 * Moving an appointment changes its times in place (the calendar invitation keeps its UID and
 * raises `sequence`); canceling sets the status, which frees the slot.
 */
export const appointment = pgTable(
  'appointment',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    counselorId: text('counselor_id')
      .notNull()
      .references(() => counselor.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The person's time zone when they last booked or moved it: the mails' times are in it. */
    timeZone: text('time_zone').default('UTC').notNull(),
    /** 'booked' or 'canceled'. */
    status: text('status').default('booked').notNull(),
    /** The calendar invitation's SEQUENCE: 0 when booked, one more with each change. */
    sequence: integer('sequence').default(0).notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** 'phone' or 'video'; appointments booked before then were phone calls. */
    method: text('method').default('phone').notNull(),
    /** The number to call (E.164) for a phone visit. */
    phone: text('phone'),
    /** The video room's name (unguessable) for a video visit; the join link is the meeting service's address and it. */
    meetingRoom: text('meeting_room'),
    /** The patient's note for the counselor: shown in the portal, never mailed. */
    note: text('note').default('').notNull(),
    /** When the day-before reminder for the current time went out; a move clears it. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('appointment_booked_slot_idx')
      .on(table.counselorId, table.startsAt)
      .where(sql`${table.status} = 'booked'`),
    index('appointment_user_id_idx').on(table.userId),
    index('appointment_starts_at_idx').on(table.startsAt),
    check('appointment_status', sql`${table.status} in ('booked', 'canceled')`),
    check('appointment_times', sql`${table.endsAt} > ${table.startsAt}`),
    check('appointment_method', sql`${table.method} in ('phone', 'video')`),
  ],
);

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

/**
 * A link mailed to a clinic that opens the reports a person shares with it (ADR 026). Only the
 * SHA-256 of the token is kept. A link stops working when it expires, when a newer one is sent,
 * or at once when the person stops sharing or chooses another clinic.
 */
export const clinicShare = pgTable(
  'clinic_share',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    clinicId: text('clinic_id')
      .notNull()
      .references(() => clinic.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('clinic_share_user_id_idx').on(table.userId)],
);

/**
 * What the lab treats as a sensitive result: a condition (its disease code) or a single-gene
 * finding (its gene symbol). Such results are held back in every report, on the page, in the PDF
 * and in the ZIP, until the person chooses to see them (counseling first).
 */
export const sensitiveResultRule = pgTable(
  'sensitive_result_rule',
  {
    id: text('id').primaryKey(),
    /** 'condition' or 'gene'. */
    kind: text('kind').notNull(),
    /** A disease code for a condition, an upper-case gene symbol for a gene. */
    code: text('code').notNull(),
    /** Why it is held back, shown to staff. */
    note: text('note').default('').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('sensitive_result_rule_kind_code_unique').on(table.kind, table.code),
    check('sensitive_result_rule_kind', sql`${table.kind} in ('condition', 'gene')`),
  ],
);

/**
 * A person's choice to see the sensitive results of one report: each partner of a couple
 * chooses for themselves. No row means the results stay hidden.
 */
export const sensitiveRelease = pgTable(
  'sensitive_release',
  {
    reportId: text('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Whether they had a counseling appointment booked when they chose. */
    hadAppointment: boolean('had_appointment').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.userId] })],
);

/**
 * Which version of a report a person last opened, and the one they had opened before it
 * (ADR 029): the report shows what changed between the two until a newer version arrives.
 * Each partner of a couple has their own.
 */
export const reportReading = pgTable(
  'report_reading',
  {
    reportId: text('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    openedVersion: integer('opened_version').notNull(),
    /** The version opened before openedVersion; null until a second version is opened. */
    previousVersion: integer('previous_version'),
    openedAt: timestamp('opened_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.userId] })],
);

/**
 * Durable background work (ADR 023): a job waits in this table until a worker claims it with
 * `FOR UPDATE SKIP LOCKED`, so it survives a restart and several servers never run it twice at
 * once. A running job whose lease ran out (its server died) is claimed again; a failed attempt
 * is retried later with backoff until `max_attempts`.
 */
export const job = pgTable(
  'job',
  {
    id: text('id').primaryKey(),
    /** What to do, e.g. 'genome-import'; a handler is registered for each kind. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** Whose work it is, so a person's jobs go with their account; null for the lab's own. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** 'queued', 'running', 'succeeded', 'failed' or 'canceled'. */
    state: text('state').default('queued').notNull(),
    attempts: integer('attempts').default(0).notNull(),
    maxAttempts: integer('max_attempts').default(5).notNull(),
    /** Not before: now when queued, later after a failed attempt. */
    runAt: timestamp('run_at', { withTimezone: true }).defaultNow().notNull(),
    /** Which server runs it and until when its lease holds (renewed while it runs). */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Work done so far and in all, in the job's own unit (bytes, files). */
    progressDone: bigint('progress_done', { mode: 'number' }).default(0).notNull(),
    progressTotal: bigint('progress_total', { mode: 'number' }),
    /** What the handler returned when it succeeded. */
    result: jsonb('result'),
    /** The last attempt's error, in words a person can read. */
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** At most one job per key, ever (one mail for one event, ADR 047); null for most jobs. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('job_claim_idx').on(table.state, table.runAt),
    uniqueIndex('job_dedupe_key_idx').on(table.dedupeKey),
    index('job_user_id_idx').on(table.userId),
    check(
      'job_state',
      sql`${table.state} in ('queued', 'running', 'succeeded', 'failed', 'canceled')`,
    ),
  ],
);

/**
 * A genetic data file a person brought in on /my-data/new-import. Its id is the tus
 * upload's id. The row exists from the upload's first request; the job that reads the file
 * writes the summary and the stored genotypes (`genotypes_key` in the file store).
 */
export const genotypeImport = pgTable(
  'genotype_import',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** 'uploading', 'queued', 'importing', 'done' or 'failed'. */
    state: text('state').default('uploading').notNull(),
    /** The job reading the file, once the upload is complete. */
    jobId: text('job_id').references(() => job.id, { onDelete: 'set null' }),
    /** What reading found (ImportSummary), once done. */
    summary: jsonb('summary'),
    /** SHA-256 of the uploaded bytes, hex, once read. */
    sha256: text('sha256'),
    /** Why it was refused, in words a person can act on. */
    error: text('error'),
    /** Where the genotypes are kept in the file store, once done. */
    genotypesKey: text('genotypes_key'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('genotype_import_user_id_idx').on(table.userId),
    check(
      'genotype_import_state',
      sql`${table.state} in ('uploading', 'queued', 'importing', 'done', 'failed')`,
    ),
  ],
);

/**
 * An export a person asked for on /my-data: the FHIR bundle of their reports
 * and survey, or an import's genotypes written back out. A job writes its files to the file store
 * under `users/<userId>/exports/<id>/`.
 */
export const dataExport = pgTable(
  'data_export',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'fhir-bundle', 'genotypes-23andme' or 'genotypes-vcf'. */
    kind: text('kind').notNull(),
    /** The import a genotype export comes from; null for the bundle, or once it is deleted. */
    importId: text('import_id').references(() => genotypeImport.id, { onDelete: 'set null' }),
    /** 'queued', 'preparing', 'ready' or 'failed'. */
    state: text('state').default('queued').notNull(),
    jobId: text('job_id').references(() => job.id, { onDelete: 'set null' }),
    /** Once ready: [{ name, contentType, size, sha256, key }]. */
    files: jsonb('files').default([]).notNull(),
    /** Why it failed, in words a person can read. */
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('data_export_user_id_idx').on(table.userId),
    check('data_export_state', sql`${table.state} in ('queued', 'preparing', 'ready', 'failed')`),
  ],
);

/**
 * A person's request to delete their account (ADR 027): the account and everything of theirs is
 * deleted at `dueAt` by a job, unless they undo it before (the row is then removed).
 */
export const accountDeletion = pgTable('account_deletion', {
  /** Random: the job's payload names this, never the person. */
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
});

/**
 * What a clinical lab must keep of a deleted account (ADR 027): the person's name, date of birth
 * and sex as the tests named them, their orders' kit ids and every version of their individual
 * reports. It names no account (no id, no email), is read by nothing in the portal, and a job
 * deletes it at `retainUntil`.
 */
export const retainedTestRecord = pgTable('retained_test_record', {
  id: text('id').primaryKey(),
  /** { firstName, lastName, birthYear, birthMonth, birthDay, sex }. */
  person: jsonb('person').notNull(),
  /** { orders: [{ id, kitId, testType, purchaseDate, activatedAt }], reports: [...] }. */
  records: jsonb('records').notNull(),
  keptAt: timestamp('kept_at', { withTimezone: true }).defaultNow().notNull(),
  retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
});
