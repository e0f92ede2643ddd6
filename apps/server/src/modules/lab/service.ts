import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  LAB_KEY_INVALID,
  LAB_KEY_NOT_FOUND,
  LAB_KEY_PREFIX,
  LAB_KEY_VISIBLE_LENGTH,
  type LabKey,
  type LabKeyCreated,
} from '@nestling/shared/contract/lab';
import {
  REPORT_OWNER_NOT_FOUND,
  REPORT_VERSION_CONFLICT,
  type ReportPayload,
  type ReportReceipt,
} from '@nestling/shared/contract/report';
import { recordAccountStep } from '../onboarding/index.ts';
import type { LabRepository, ReportRow, ReportVersionRow } from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

/** Keys are compared by their SHA-256: 32 random bytes need no slow hash. */
export function hashLabKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What the lab gets back, the same for a first delivery and a repeat. */
function receiptOf(row: ReportRow, version: ReportVersionRow, created: boolean): ReportReceipt {
  return {
    reportId: row.id,
    labReportId: row.labReportId,
    kind: row.kind,
    version: version.version,
    created,
    receivedAt: version.receivedAt.toISOString(),
  };
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/**
 * Lab delivery (ADR 009): keys, and storing each version of a report once, in one
 * transaction. The payload was checked with the shared schema before it gets here.
 */
export function createLabService(repository: LabRepository, now: () => Date = () => new Date()) {
  async function listKeys(): Promise<LabKey[]> {
    const rows = await repository.listKeys();
    return rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: iso(row.lastUsedAt),
      revokedAt: iso(row.revokedAt),
    }));
  }

  return {
    listKeys,

    async createKey(name: string, createdBy: string | null): Promise<LabKeyCreated> {
      const key = `${LAB_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = {
        id: randomUUID(),
        name,
        keyHash: hashLabKey(key),
        prefix: key.slice(0, LAB_KEY_VISIBLE_LENGTH),
        createdBy,
        createdAt: now(),
      };
      await repository.insertKey(row);
      const labKey = (await listKeys()).find((listed) => listed.id === row.id);
      if (labKey === undefined) throw new Error('lab key vanished after insert');
      return { key, labKey };
    },

    /** Revoking twice keeps the first time. */
    async revokeKey(id: string): Promise<LabKey> {
      if (!(await repository.revokeKey(id, now()))) throw new Refusal(404, LAB_KEY_NOT_FOUND);
      const labKey = (await listKeys()).find((listed) => listed.id === id);
      if (labKey === undefined) throw new Refusal(404, LAB_KEY_NOT_FOUND);
      return labKey;
    },

    /** The key's id when it is known and not revoked (and its last use is stamped). */
    async authenticate(key: string): Promise<string> {
      const id = key.startsWith(LAB_KEY_PREFIX)
        ? await repository.useKey(hashLabKey(key), now())
        : null;
      if (id === null) throw new Refusal(401, LAB_KEY_INVALID);
      return id;
    },

    /**
     * Stores one version. The same version again with the same content and changelog answers
     * what was stored (created false); with anything different, 409. A version comes after
     * the one before it, and a report keeps its kind and owner.
     */
    async receive(payload: ReportPayload): Promise<ReportReceipt> {
      return repository.transaction(async (tx) => {
        const { content, labReportId, version } = payload;
        const named = payload.individualOrderId ?? null;
        const coupleAccountId = payload.coupleAccountId ?? null;
        // The lab may name an individual order by its kit, as the tube it read says.
        const individualOrderId =
          named === null ? null : await repository.individualOrderOf(tx, named);
        if (named !== null) {
          if (individualOrderId === null) {
            throw new Refusal(404, REPORT_OWNER_NOT_FOUND.individual(named));
          }
        } else if (coupleAccountId !== null) {
          if (!(await repository.coupleAccountExists(tx, coupleAccountId))) {
            throw new Refusal(404, REPORT_OWNER_NOT_FOUND.couple(coupleAccountId));
          }
        }

        const row = await repository.findOrInsertReport(tx, {
          id: randomUUID(),
          kind: content.kind,
          labReportId,
          individualOrderId,
          coupleAccountId,
        });
        if (
          row.kind !== content.kind ||
          row.individualOrderId !== individualOrderId ||
          row.coupleAccountId !== coupleAccountId
        ) {
          throw new Refusal(
            409,
            `Report ${labReportId} was received as a ${row.kind} report for another owner; a report keeps its kind and owner`,
          );
        }

        const changelog = payload.changelog ?? null;
        const same = (stored: ReportVersionRow) =>
          stored.changelog === changelog && isDeepStrictEqual(stored.content, content);
        const existing = await repository.findVersion(tx, row.id, version);
        if (existing !== null) {
          if (!same(existing)) throw new Refusal(409, REPORT_VERSION_CONFLICT);
          return receiptOf(row, existing, false);
        }
        if (version > 1 && (await repository.findVersion(tx, row.id, version - 1)) === null) {
          throw new Refusal(
            409,
            `Version ${String(version - 1)} of report ${labReportId} has not been received; send the versions in order`,
          );
        }
        const inserted = await repository.insertVersion(tx, {
          id: randomUUID(),
          reportId: row.id,
          version,
          content,
          changelog,
          signedOffOn: content.test.signedOffOn,
          receivedAt: now(),
        });
        if (inserted !== null) {
          // A delivered report moves the order that bought it to 'report ready'.
          for (const order of await repository.ordersAwaitingReport(tx, row)) {
            await repository.markReportReady(tx, order.id, randomUUID(), inserted.receivedAt);
          }
          // The couple's journey ends with their joint report.
          if (row.kind === 'joint' && row.coupleAccountId !== null) {
            await recordAccountStep(tx, row.coupleAccountId, 'RESULTS');
          }
          return receiptOf(row, inserted, true);
        }
        // Another delivery of this version committed meanwhile: answer as for a repeat.
        const raced = await repository.findVersion(tx, row.id, version);
        if (raced === null || !same(raced)) throw new Refusal(409, REPORT_VERSION_CONFLICT);
        return receiptOf(row, raced, false);
      });
    },
  };
}

export type LabService = ReturnType<typeof createLabService>;
