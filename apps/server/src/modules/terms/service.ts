import type { FileStore } from '../storage/index.ts';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  currentTermsVersions,
  staleTermsVersion,
  TERMS_DOCUMENTS,
  TERMS_NOT_BY_STAFF,
  TERMS_VERSIONS,
  type TermsAnswer,
  type TermsDocument,
  type TermsVersion,
} from '@nestling/shared/contract/terms';
import { TERMS_TITLES, type LegalBrand } from '@nestling/shared/contract/terms-texts';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../auth/schema.ts';
import { recordPersonalStep } from '../onboarding/index.ts';
import { copyTitle, renderTermsCopy } from './copy.tsx';
import { createTermsRepository, type TermsAcceptanceRow } from './repository.ts';
import { isoDay } from './status.ts';
import { Refusal } from '../../lib/refusal.ts';

/** Kept as stored; longer headers are cut, never refused. */
const USER_AGENT_LENGTH = 512;

export interface TermsDeps {
  db: Database;
  brand: LegalBrand;
  /** Where the copies of accepted terms are kept (ADR 023). */
  fileStore: FileStore;
  log: Pick<Logger, 'info' | 'error'>;
  /** The published versions: a test publishes a newer one to see everyone asked again. */
  versions?: readonly TermsVersion[];
  now?: () => Date;
}

/** The terms of service and the HIPAA notice: what is in force, and each acceptance. */
export function createTermsService(deps: TermsDeps) {
  const { db, brand, log } = deps;
  const versions = deps.versions ?? TERMS_VERSIONS;
  const now = deps.now ?? (() => new Date());
  const repository = createTermsRepository(db);

  function answer(rows: TermsAcceptanceRow[], at: Date): TermsAnswer {
    const current = currentTermsVersions(isoDay(at), versions);
    const documents = TERMS_DOCUMENTS.map((name) => {
      const version = current[name];
      const row = rows.find((r) => r.document === name && r.version === version.version);
      return {
        document: name,
        title: TERMS_TITLES[name],
        version: version.version,
        effectiveOn: version.effectiveOn,
        accepted: row !== undefined,
        acceptedAt: row === undefined ? null : row.acceptedAt.toISOString(),
        documentId: row?.documentId ?? null,
      };
    });
    const accepted = (name: TermsDocument) =>
      documents.some((entry) => entry.document === name && entry.accepted);
    return { documents, tosAccepted: accepted('tos'), hipaaAccepted: accepted('hipaa') };
  }

  /** Prints the copy into the person's documents. A failure is logged: the acceptance stands. */
  async function storeCopy(person: UserRow, version: TermsVersion, row: TermsAcceptanceRow) {
    try {
      const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
      const pdf = await renderTermsCopy(
        version,
        brand,
        row.acceptedAt,
        row.userAgent,
        name === '' ? person.email : `${name} (${person.email})`,
      );
      const documentId = `terms-${row.id}`;
      const storagePath = `${person.id}/${documentId}.pdf`;
      await deps.fileStore.put(storagePath, Readable.from([pdf]));
      await repository.attachCopy(row.id, {
        id: documentId,
        userId: person.id,
        title: copyTitle(version, row.acceptedAt),
        kind: 'terms',
        date: isoDay(row.acceptedAt),
        fileName: `${version.document === 'tos' ? 'terms-of-service' : 'hipaa-notice'}-${version.version}.pdf`,
        contentType: 'application/pdf',
        size: pdf.length,
        storagePath,
      });
      row.documentId = documentId;
    } catch (error) {
      log.error(
        { err: error, acceptanceId: row.id },
        'The copy of the accepted terms could not be stored',
      );
    }
  }

  return {
    /** GET /terms: the documents in force and the subject's acceptance of each. */
    async overview(userId: string): Promise<TermsAnswer> {
      return answer(await repository.listAcceptances(userId), now());
    },

    /**
     * The person accepts the version of a document they read. Only the version in force: an
     * older tab gets 409. Accepting again keeps the first acceptance.
     */
    async accept(
      person: UserRow,
      caller: { impersonatedBy: string | null },
      name: TermsDocument,
      version: string,
      userAgent: string | undefined,
    ): Promise<TermsAnswer> {
      if (caller.impersonatedBy !== null) throw new Refusal(403, TERMS_NOT_BY_STAFF);
      const at = now();
      const current = currentTermsVersions(isoDay(at), versions)[name];
      if (current.version !== version) {
        throw new Refusal(409, staleTermsVersion(TERMS_TITLES[name], current.version));
      }
      const { row, created } = await repository.insertAcceptance({
        id: randomUUID(),
        userId: person.id,
        document: name,
        version,
        acceptedAt: at,
        userAgent: userAgent?.slice(0, USER_AGENT_LENGTH) ?? null,
      });
      if (created) {
        await storeCopy(person, current, row);
        log.info({ document: name, version }, 'Terms accepted');
      }
      const result = answer(await repository.listAcceptances(person.id), at);
      await repository.syncUserFlags(person.id, {
        tosAccepted: result.tosAccepted,
        hipaaAccepted: result.hipaaAccepted,
      });
      if (result.tosAccepted && result.hipaaAccepted)
        await recordPersonalStep(db, person.id, 'TERMS');
      return result;
    },
  };
}

export type TermsService = ReturnType<typeof createTermsService>;
