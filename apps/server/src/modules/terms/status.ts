import {
  currentTermsVersions,
  TERMS_VERSIONS,
  type TermsVersion,
} from '@nestling/shared/contract/terms';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { termsAcceptance } from './schema.ts';

export interface TermsStatus {
  tosAccepted: boolean;
  hipaaAccepted: boolean;
}

/** YYYY-MM-DD in UTC. */
export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The spec's `tosAccepted` and `hipaaAccepted`: true only when the person accepted the version
 * in force now. The user table's columns of the same names are not the truth: a new version
 * makes them stale.
 */
export async function termsStatus(
  db: Database,
  userId: string,
  now: Date = new Date(),
  versions: readonly TermsVersion[] = TERMS_VERSIONS,
): Promise<TermsStatus> {
  const current = currentTermsVersions(isoDay(now), versions);
  const rows = await db
    .select({ document: termsAcceptance.document, version: termsAcceptance.version })
    .from(termsAcceptance)
    .where(and(eq(termsAcceptance.userId, userId)));
  const accepted = (version: TermsVersion) =>
    rows.some((row) => row.document === version.document && row.version === version.version);
  return { tosAccepted: accepted(current.tos), hipaaAccepted: accepted(current.hipaa) };
}
