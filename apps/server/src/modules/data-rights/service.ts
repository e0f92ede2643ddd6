import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  DELETION_ALREADY_REQUESTED,
  DELETION_CONFIRM_MESSAGE,
  NO_DELETION_REQUESTED,
  type AccountDeletion,
  type MyDataOverview,
  type PrivacyAnswer,
} from '@nestling/shared/contract/data-rights';
import type { UserRow } from '../auth/schema.ts';
import type { JobContext, JobQueue } from '../jobs/index.ts';
import { accountKey } from '../rate-limit/index.ts';
import { storedKey, type FileStore, type UploadArea } from '../storage/index.ts';
import type {
  AccountDeletionRow,
  DataRightsRepository,
  RetainedTestRecordRow,
} from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

export const ACCOUNT_DELETION_JOB_KIND = 'account-deletion';
/** Deletes a deleted account's kept test records when their period ends. */
export const RETAINED_RECORD_EXPIRY_JOB_KIND = 'retained-test-record-expiry';

/** The expiry job's payload: the kept record's random id. */
export interface RetainedRecordExpiryPayload {
  recordId: string;
}

/** The job's payload: the request's random id, never the person's. */
export interface AccountDeletionJobPayload {
  deletionId: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function deletionOf(row: AccountDeletionRow | null): AccountDeletion | null {
  return row === null
    ? null
    : { requestedAt: row.requestedAt.toISOString(), dueAt: row.dueAt.toISOString() };
}

/** Where a person's files live: the file store's folder, documents and uploads on disk. */
export interface PersonFiles {
  fileStore: FileStore;
  /** Uploads in progress: an import's upload is named by the import's id. */
  uploads: Pick<UploadArea, 'remove'>;
}

/**
 * The data-rights center (ADR 027): what the portal holds about a person,
 * their research consent, and deleting their account after a grace period they can undo.
 */
export function createDataRightsService(deps: {
  repository: DataRightsRepository;
  jobs: JobQueue;
  files: PersonFiles;
  findUser: (id: string) => Promise<UserRow | null>;
  /** LAB_TEST_RECORD_RETENTION_YEARS: 0 keeps nothing. */
  testRecordRetentionYears: number;
  now?: () => Date;
}) {
  const { repository, files } = deps;
  const now = deps.now ?? (() => new Date());

  /** Removes a document's file; gone already is fine, and a path that is no key names none. */
  async function removeDocument(storagePath: string): Promise<void> {
    const key = storedKey(storagePath);
    if (key !== null) await files.fileStore.delete(key);
  }

  /**
   * What the lab must keep of the person, or null when nothing: their name, date of birth and
   * sex, and the orders that were tested (a kit activated or a report delivered) with every
   * version of their reports, until the period after the last of those ends.
   */
  async function testRecordsToKeep(person: UserRow): Promise<RetainedTestRecordRow | null> {
    if (deps.testRecordRetentionYears === 0) return null;
    const { orders, versions } = await repository.testRecordsOf(person.id);
    const tested = orders.filter(
      (order) =>
        order.activatedAt !== null || versions.some((version) => version.orderId === order.id),
    );
    if (tested.length === 0) return null;
    const times = [
      ...tested.flatMap((order) => (order.activatedAt === null ? [] : [order.activatedAt])),
      ...versions.map((version) => new Date(`${version.signedOffOn}T00:00:00Z`)),
    ].map((time) => time.getTime());
    const last = new Date(Math.max(...times));
    const retainUntil = new Date(last);
    retainUntil.setUTCFullYear(retainUntil.getUTCFullYear() + deps.testRecordRetentionYears);
    if (retainUntil <= now()) return null;
    return {
      id: randomUUID(),
      person: {
        firstName: person.firstName,
        lastName: person.lastName,
        birthYear: person.birthYear,
        birthMonth: person.birthMonth,
        birthDay: person.birthDay,
        sex: person.sex,
      },
      records: {
        orders: tested.map((order) => ({
          id: order.id,
          kitId: order.purchaseId,
          testType: order.testType,
          purchaseDate: order.purchaseDate,
          activatedAt: order.activatedAt?.toISOString() ?? null,
        })),
        reports: versions.map(({ orderId, ...version }) => ({ orderId, ...version })),
      },
      keptAt: now(),
      retainUntil,
    };
  }

  return {
    async overview(person: UserRow): Promise<MyDataOverview> {
      const held = await repository.held(person.id);
      return {
        held: [
          { kind: 'reports', count: held.reports, bytes: null },
          { kind: 'documents', count: held.documents.count, bytes: held.documents.bytes },
          { kind: 'surveys', count: held.surveys, bytes: null },
          { kind: 'imports', count: held.imports.count, bytes: held.imports.bytes },
          { kind: 'exports', count: held.exports.count, bytes: held.exports.bytes },
          { kind: 'clinic-sharing', count: held.clinicLinks, bytes: null },
        ],
        researchConsentSince: person.researchConsentAt?.toISOString() ?? null,
        deletion: deletionOf(await repository.deletionOf(person.id)),
      };
    },

    /** GET /user/privacy: the research consent and any pending deletion. */
    async privacy(person: UserRow): Promise<PrivacyAnswer> {
      return {
        researchConsentSince: person.researchConsentAt?.toISOString() ?? null,
        deletion: deletionOf(await repository.deletionOf(person.id)),
        testRecordRetentionYears: deps.testRecordRetentionYears,
      };
    },

    async deletion(userId: string): Promise<AccountDeletion | null> {
      return deletionOf(await repository.deletionOf(userId));
    },

    /**
     * Sets the account to be deleted in ACCOUNT_DELETION_GRACE_DAYS days: the person confirms by
     * typing their email address. The deletion is a job due then.
     */
    async requestDeletion(person: UserRow, confirmEmail: string): Promise<AccountDeletion> {
      if (confirmEmail.trim().toLowerCase() !== person.email.toLowerCase()) {
        throw new Refusal(400, `Invalid request: body.confirmEmail: ${DELETION_CONFIRM_MESSAGE}`);
      }
      const requestedAt = now();
      const row: AccountDeletionRow = {
        id: randomUUID(),
        userId: person.id,
        requestedAt,
        dueAt: new Date(requestedAt.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS),
      };
      if (!(await repository.insertDeletion(row))) {
        throw new Refusal(409, DELETION_ALREADY_REQUESTED);
      }
      await deps.jobs.enqueue({
        kind: ACCOUNT_DELETION_JOB_KIND,
        payload: { deletionId: row.id } satisfies AccountDeletionJobPayload,
        // Not the person's: the job outlives them, and its row must not name them.
        userId: null,
        runAt: row.dueAt,
      });
      const deletion = deletionOf(row);
      if (deletion === null) throw new Error('A deletion row was just made');
      return deletion;
    },

    /** Undoes the request; the job then finds nothing to do. */
    async cancelDeletion(userId: string): Promise<void> {
      if (!(await repository.removeDeletion(userId))) {
        throw new Refusal(409, NO_DELETION_REQUESTED);
      }
    },

    async setResearchConsent(userId: string, consent: boolean): Promise<string | null> {
      const at = await repository.setResearchConsent(userId, consent ? now() : null);
      return at?.toISOString() ?? null;
    },

    /**
     * The job: keeps the test records the lab must keep apart, deletes the person's rows, then
     * their files (documents, imports' uploads, the file store's folder). Safe to run again: a
     * second run finds the rows gone and removes whatever files are left. Answers the pseudonym
     * that replaced the person in the audit log, and until when test records are kept.
     */
    async runDeletionJob(
      context: Pick<JobContext<AccountDeletionJobPayload>, 'payload'>,
    ): Promise<{ deleted: boolean; pseudonym?: string; keptUntil?: Date }> {
      const row = await repository.deletionById(context.payload.deletionId);
      // Undone, or done by an earlier run.
      if (row === null) return { deleted: false };
      if (row.dueAt > now()) throw new Error('The deletion is not due yet');
      const person = await deps.findUser(row.userId);
      if (person === null) return { deleted: false };
      const { documentPaths, importIds } = await repository.filesOf(person.id);
      const pseudonym = `deleted-${randomUUID()}`;
      const kept = await testRecordsToKeep(person);
      if (kept !== null) {
        // Queued first: should the deletion fail and run again, the spare job finds nothing.
        await deps.jobs.enqueue({
          kind: RETAINED_RECORD_EXPIRY_JOB_KIND,
          payload: { recordId: kept.id } satisfies RetainedRecordExpiryPayload,
          userId: null,
          runAt: kept.retainUntil,
        });
      }
      await repository.deletePerson(
        { id: person.id, email: person.email },
        [person.id, accountKey(person.email)],
        pseudonym,
        kept,
      );
      for (const storagePath of documentPaths) await removeDocument(storagePath);
      for (const id of importIds) await files.uploads.remove(id);
      await files.fileStore.deleteByPrefix(`users/${person.id}/`);
      return {
        deleted: true,
        pseudonym,
        ...(kept === null ? {} : { keptUntil: kept.retainUntil }),
      };
    },

    /** The expiry job: the kept test records go when their period ends. */
    async runRetainedRecordExpiry(
      context: Pick<JobContext<RetainedRecordExpiryPayload>, 'payload'>,
    ): Promise<boolean> {
      return repository.deleteRetainedRecord(context.payload.recordId);
    },
  };
}

export type DataRightsService = ReturnType<typeof createDataRightsService>;
