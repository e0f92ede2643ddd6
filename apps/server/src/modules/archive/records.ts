import { and, desc, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { appointment, counselor } from '../appointments/schema.ts';
import { auditLog } from '../audit/schema.ts';
import { user } from '../auth/schema.ts';
import { checkout } from '../checkout/schema.ts';
import { clinicShare } from '../clinic-sharing/schema.ts';
import { clinic, patientClinic } from '../clinics/schema.ts';
import { accountDeletion } from '../data-rights/schema.ts';
import { dataExport } from '../exports/schema.ts';
import { genotypeImport } from '../imports/schema.ts';
import { kit, returnLabel } from '../kits/schema.ts';
import { coupleAccount } from '../orders/schema.ts';
import { partnerInvitation } from '../partner/schema.ts';
import { orderEvent, purchaseOrder } from '../purchase-orders/schema.ts';
import { reportReading } from '../reports/schema.ts';
import { sensitiveRelease } from '../sensitive-results/schema.ts';
import { termsAcceptance } from '../terms/schema.ts';

/**
 * Where each table that can hold a person's rows goes in the archive: a file, or a
 * folder ending in '/'. A test lists the tables that hold a person's rows and fails when one is
 * in neither this list nor the next.
 */
export const ARCHIVED_TABLES: Readonly<Record<string, string>> = {
  user: 'profile.json',
  couple_account: 'profile.json',
  individual_order: 'profile.json',
  report: 'reports/',
  report_version: 'reports/',
  document: 'documents/',
  purchase_order: 'records/orders.json',
  checkout: 'records/orders.json',
  kit: 'records/orders.json',
  order_event: 'records/orders.json',
  return_label: 'records/orders.json',
  appointment: 'records/appointments.json',
  survey_response: 'records/health-surveys.json',
  terms_acceptance: 'records/consents.json',
  sensitive_release: 'records/consents.json',
  account_deletion: 'records/consents.json',
  partner_invitation: 'records/partner-invitations.json',
  patient_clinic: 'records/clinics.json',
  clinic_share: 'records/clinics.json',
  genotype_import: 'records/genetic-data.json',
  data_export: 'records/genetic-data.json',
  report_reading: 'records/report-readings.json',
  audit_log: 'records/activity.json',
};

/** Tables that hold a person's rows but are no record of them: why each stays out. */
export const TABLES_LEFT_OUT: Readonly<Record<string, string>> = {
  session: 'sign-in sessions: tokens that would let the holder in',
  account: 'sign-in methods: the password’s hash',
  verification: 'one-time codes and links, used or expiring within hours',
  rate_limit: 'counters of attempts, kept for minutes',
  document_session: 'one-time links that open a document, kept for minutes',
  job: 'the server’s queue of work; what it made is in the records',
};

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The person's records outside their profile, reports and documents, as the archive's files. */
export function createPersonRecords(db: Database) {
  /** The couple accounts the person is on: a partner's kit sits in the buyer's order. */
  async function accountsOf(userId: string): Promise<{ id: string; role: string }[]> {
    const rows = await db
      .select({ id: coupleAccount.id, mother: coupleAccount.mother })
      .from(coupleAccount)
      .where(or(eq(coupleAccount.mother, userId), eq(coupleAccount.father, userId)));
    return rows.map((row) => ({ id: row.id, role: row.mother === userId ? 'mother' : 'father' }));
  }

  async function orders(userId: string) {
    const accounts = await accountsOf(userId);
    const accountIds = accounts.map((account) => account.id);
    const rows = await db
      .select()
      .from(purchaseOrder)
      .where(
        accountIds.length === 0
          ? eq(purchaseOrder.userId, userId)
          : or(
              eq(purchaseOrder.userId, userId),
              inArray(purchaseOrder.coupleAccountId, accountIds),
            ),
      )
      .orderBy(purchaseOrder.createdAt);
    const orderIds = rows.map((row) => row.id);
    const kits =
      orderIds.length === 0
        ? []
        : await db.select().from(kit).where(inArray(kit.orderId, orderIds));
    const events =
      orderIds.length === 0
        ? []
        : await db
            .select()
            .from(orderEvent)
            .where(inArray(orderEvent.orderId, orderIds))
            .orderBy(orderEvent.at);
    const labels = await db.select().from(returnLabel).where(eq(returnLabel.userId, userId));
    const unpaid = await db
      .select()
      .from(checkout)
      .where(and(eq(checkout.userId, userId), ne(checkout.status, 'paid')))
      .orderBy(checkout.createdAt);

    return {
      orders: rows.map((row) => {
        const own = row.userId === userId;
        const role = accounts.find((account) => account.id === row.coupleAccountId)?.role;
        return {
          id: row.id,
          number: `NS-${String(row.seq)}`,
          checkoutId: row.checkoutId,
          product: row.productName,
          purchasedAt: new Date(row.purchaseDate * 1000).toISOString(),
          status: row.status,
          stage: row.stage,
          // What was paid is the buyer's; a partner sees the order and their own kit.
          ...(own
            ? {
                boughtBy: 'you',
                currency: row.currency,
                priceCents: row.priceCents,
                discountCode: row.discountCode,
                discountCents: row.discountCents,
                totalCents: row.totalCents,
                cardLast4: row.cardLast4,
                partnerNamed: row.partner,
                refundedAt: iso(row.refundedAt),
              }
            : { boughtBy: 'your partner' }),
          kits: kits
            .filter((item) => item.orderId === row.id && (own || item.role === role))
            .map((item) => ({
              id: item.id,
              for: item.role,
              recipient: item.recipient,
              shippingAddress: item.shippingAddress,
              addressChangedAt: iso(item.addressChangedAt),
              returnLabelPrintedAt: iso(
                labels.find((label) => label.kitId === item.id)?.createdAt ?? null,
              ),
            })),
          tracker: events
            .filter((event) => event.orderId === row.id)
            .map((event) => ({
              id: event.id,
              stage: event.stage,
              at: event.at.toISOString(),
              carrier: event.carrier,
              trackingNumber: event.trackingNumber,
              recordedBy: event.source,
            })),
        };
      }),
      checkoutsNotPaid: unpaid.map((row) => ({
        id: row.id,
        product: row.productCode,
        startedAt: row.createdAt.toISOString(),
        status: row.status,
        entered: row.request,
        totalCents: row.totalCents,
        currency: row.currency,
        discountCode: row.discountCode,
        paymentError: row.paymentError,
      })),
    };
  }

  async function appointments(userId: string) {
    const rows = await db
      .select({ row: appointment, counselorName: counselor.name })
      .from(appointment)
      .innerJoin(counselor, eq(counselor.id, appointment.counselorId))
      .where(eq(appointment.userId, userId))
      .orderBy(appointment.startsAt);
    return rows.map(({ row, counselorName }) => ({
      id: row.id,
      counselor: counselorName,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      timeZone: row.timeZone,
      status: row.status,
      bookedAt: row.createdAt.toISOString(),
      canceledAt: iso(row.canceledAt),
    }));
  }

  async function consents(userId: string) {
    const [person] = await db
      .select({ researchConsentAt: user.researchConsentAt })
      .from(user)
      .where(eq(user.id, userId));
    const terms = await db
      .select()
      .from(termsAcceptance)
      .where(eq(termsAcceptance.userId, userId))
      .orderBy(termsAcceptance.acceptedAt);
    const releases = await db
      .select()
      .from(sensitiveRelease)
      .where(eq(sensitiveRelease.userId, userId));
    const [deletion] = await db
      .select()
      .from(accountDeletion)
      .where(eq(accountDeletion.userId, userId));
    return {
      researchConsentSince: iso(person?.researchConsentAt ?? null),
      termsAccepted: terms.map((row) => ({
        id: row.id,
        document: row.document === 'tos' ? 'Terms of service' : 'HIPAA notice',
        version: row.version,
        acceptedAt: row.acceptedAt.toISOString(),
        browser: row.userAgent,
      })),
      sensitiveResultsShown: releases.map((row) => ({
        reportId: row.reportId,
        chosenAt: row.releasedAt.toISOString(),
        hadAppointment: row.hadAppointment,
      })),
      accountDeletion:
        deletion === undefined
          ? null
          : {
              id: deletion.id,
              requestedAt: deletion.requestedAt.toISOString(),
              dueAt: deletion.dueAt.toISOString(),
            },
    };
  }

  async function partnerInvitations(userId: string, email: string) {
    const rows = await db
      .select()
      .from(partnerInvitation)
      .where(
        or(
          eq(partnerInvitation.invitedBy, userId),
          eq(partnerInvitation.acceptedBy, userId),
          eq(partnerInvitation.email, email.toLowerCase()),
        ),
      )
      .orderBy(partnerInvitation.createdAt);
    return rows.map((row) => ({
      id: row.id,
      coupleAccountId: row.coupleAccountId,
      direction: row.invitedBy === userId ? 'sent by you' : 'sent to you',
      email: row.email,
      role: row.role,
      timesSent: row.sendCount,
      lastSentAt: row.lastSentAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      acceptedAt: iso(row.acceptedAt),
      canceledAt: iso(row.canceledAt),
    }));
  }

  async function clinics(userId: string) {
    const chosen = await db
      .select({ row: patientClinic, name: clinic.name })
      .from(patientClinic)
      .innerJoin(clinic, eq(clinic.id, patientClinic.clinicId))
      .where(eq(patientClinic.userId, userId));
    const shares = await db
      .select({ row: clinicShare, name: clinic.name })
      .from(clinicShare)
      .innerJoin(clinic, eq(clinic.id, clinicShare.clinicId))
      .where(eq(clinicShare.userId, userId))
      .orderBy(clinicShare.createdAt);
    return {
      yourClinic:
        chosen[0] === undefined
          ? null
          : {
              clinic: chosen[0].name,
              chosenAt: chosen[0].row.chosenAt.toISOString(),
              sharingReportsSince: iso(chosen[0].row.sharingSince),
            },
      // The links themselves are secrets and were never kept: only when and to whom.
      linksSent: shares.map(({ row, name }) => ({
        id: row.id,
        clinic: name,
        sentAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        revokedAt: iso(row.revokedAt),
      })),
    };
  }

  async function geneticData(userId: string) {
    const imports = await db
      .select()
      .from(genotypeImport)
      .where(eq(genotypeImport.userId, userId))
      .orderBy(genotypeImport.createdAt);
    const exports = await db
      .select()
      .from(dataExport)
      .where(eq(dataExport.userId, userId))
      .orderBy(dataExport.createdAt);
    return {
      note: 'The genotypes themselves are on the My Data page, to export as a VCF or 23andMe file.',
      imports: imports.map((row) => ({
        id: row.id,
        fileName: row.fileName,
        size: row.size,
        state: row.state,
        sha256: row.sha256,
        summary: row.summary,
        refusedBecause: row.error,
        uploadedAt: row.createdAt.toISOString(),
        finishedAt: iso(row.finishedAt),
      })),
      exports: exports.map((row) => ({
        id: row.id,
        kind: row.kind,
        fromImport: row.importId,
        state: row.state,
        files: (Array.isArray(row.files) ? (row.files as Record<string, unknown>[]) : []).map(
          ({ name, contentType, size, sha256 }) => ({ name, contentType, size, sha256 }),
        ),
        askedAt: row.createdAt.toISOString(),
        finishedAt: iso(row.finishedAt),
      })),
    };
  }

  async function reportReadings(userId: string) {
    const rows = await db.select().from(reportReading).where(eq(reportReading.userId, userId));
    return rows.map((row) => ({
      reportId: row.reportId,
      lastOpenedVersion: row.openedVersion,
      openedBefore: row.previousVersion,
      lastOpenedAt: row.openedAt.toISOString(),
    }));
  }

  /** What was done with the person's account and records, and whether by them or by staff. */
  async function activity(userId: string) {
    const rows = await db
      .select({ row: auditLog, actorIsStaff: user.isAdminUser })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorId))
      .where(
        and(
          or(eq(auditLog.subjectId, userId), eq(auditLog.actorId, userId)),
          isNotNull(auditLog.action),
        ),
      )
      .orderBy(desc(auditLog.at));
    return rows.map(({ row, actorIsStaff }) => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      by:
        row.actorId === userId
          ? 'you'
          : row.actorId === null
            ? 'the portal'
            : actorIsStaff === true
              ? 'lab staff'
              : 'someone else',
      about: row.subjectId === userId ? 'you' : 'someone else',
      route: row.route,
      page: row.page,
    }));
  }

  return {
    /** Each file of `records/` and what it holds. */
    async of(person: { id: string; email: string }) {
      return {
        'records/orders.json': {
          description:
            'Your orders: what was paid, your kits with their shipping addresses, each step of the tracker, and checkouts not paid.',
          content: await orders(person.id),
        },
        'records/appointments.json': {
          description: 'Your appointments with a genetic counselor, booked and canceled.',
          content: await appointments(person.id),
        },
        'records/consents.json': {
          description:
            'What you agreed to and when: the terms and HIPAA notice, research consent, sensitive results you chose to see, and any request to delete your account.',
          content: await consents(person.id),
        },
        'records/partner-invitations.json': {
          description: 'Invitations to be partners on a couple account, sent by you or to you.',
          content: await partnerInvitations(person.id, person.email),
        },
        'records/clinics.json': {
          description:
            'Your clinic, whether you share your reports with it, and the links mailed to it.',
          content: await clinics(person.id),
        },
        'records/genetic-data.json': {
          description: 'Genetic data files you imported on My Data, and the exports you asked for.',
          content: await geneticData(person.id),
        },
        'records/report-readings.json': {
          description: 'Which version of each report you last opened, and when.',
          content: await reportReadings(person.id),
        },
        'records/activity.json': {
          description:
            'What was done with your account and records, newest first: by you, by lab staff or by the portal.',
          content: await activity(person.id),
        },
      } as const;
    },
  };
}

export type PersonRecords = ReturnType<typeof createPersonRecords>;
