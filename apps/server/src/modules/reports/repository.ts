import { and, desc, eq, gt, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportKind } from '@nestling/shared/contract/report';
import type { Database } from '../../db/database.ts';
import { report, reportVersion } from '../lab/schema.ts';
import { coupleAccount, individualOrder } from '../orders/schema.ts';
import { reportReading } from './schema.ts';

/** A report's latest version, without its content: what lists show. */
export interface ReportSummaryRow {
  id: string;
  kind: ReportKind;
  labReportId: string;
  individualOrderId: string | null;
  coupleAccountId: string | null;
  version: number;
  signedOffOn: string;
  testType: string;
}

const newerVersion = alias(reportVersion, 'newer_version');

/** Reading delivered reports (ADR 009, 'Reading reports'). */
export function createReportsRepository(db: Database) {
  // GET /user lists these on every call: prepared once, so Drizzle builds its SQL only once.
  const summaries = db
    .select({
      id: report.id,
      kind: report.kind,
      labReportId: report.labReportId,
      individualOrderId: report.individualOrderId,
      coupleAccountId: report.coupleAccountId,
      version: reportVersion.version,
      signedOffOn: reportVersion.signedOffOn,
      testType: sql<string>`${reportVersion.content} -> 'test' ->> 'testType'`,
    })
    .from(report)
    .innerJoin(reportVersion, eq(reportVersion.reportId, report.id))
    .where(
      and(
        or(
          sql`${report.coupleAccountId} = any(${sql.placeholder('accountIds')})`,
          sql`${report.individualOrderId} = any(${sql.placeholder('orderIds')})`,
        ),
        // The latest version: none newer. Looked up by the (report, version) index for these
        // reports only, rather than grouping every version of every report.
        notExists(
          db
            .select({ version: newerVersion.version })
            .from(newerVersion)
            .where(
              and(
                eq(newerVersion.reportId, reportVersion.reportId),
                gt(newerVersion.version, reportVersion.version),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(report.createdAt), desc(report.id))
    .prepare('report_latest_summaries');

  return {
    /**
     * The reports of these owners at their latest version, newest report first. The content
     * stays in the database: a list needs only its test type.
     */
    async latestSummaries(owners: {
      coupleAccountIds?: readonly string[];
      individualOrderIds?: readonly string[];
    }): Promise<ReportSummaryRow[]> {
      const accountIds = owners.coupleAccountIds ?? [];
      const orderIds = owners.individualOrderIds ?? [];
      if (accountIds.length === 0 && orderIds.length === 0) return [];
      return summaries.execute({ accountIds, orderIds });
    },

    /** The report and who may read it: the order's patient, or both partners of the account. */
    async findWithOwners(id: string) {
      const rows = await db
        .select({
          id: report.id,
          kind: report.kind,
          labReportId: report.labReportId,
          orderUserId: individualOrder.userId,
          mother: coupleAccount.mother,
          father: coupleAccount.father,
        })
        .from(report)
        .leftJoin(individualOrder, eq(individualOrder.id, report.individualOrderId))
        .leftJoin(coupleAccount, eq(coupleAccount.id, report.coupleAccountId))
        .where(eq(report.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Whom a report belongs to: the person of an individual report, or both partners. */
    async ownerIds(id: string): Promise<string[]> {
      const head = await this.findWithOwners(id);
      return [head?.orderUserId, head?.mother, head?.father].filter(
        (owner): owner is string => typeof owner === 'string',
      );
    },

    /** The newest individual report of an order; null before the lab delivers one. */
    async findIdByOrder(orderId: string): Promise<string | null> {
      const rows = await db
        .select({ id: report.id })
        .from(report)
        .where(and(eq(report.individualOrderId, orderId), eq(report.kind, 'individual')))
        .orderBy(desc(report.createdAt), desc(report.id))
        .limit(1);
      return rows[0]?.id ?? null;
    },

    /** Every version without its content, newest first. */
    async listVersions(reportId: string) {
      return db
        .select({
          version: reportVersion.version,
          signedOffOn: reportVersion.signedOffOn,
          receivedAt: reportVersion.receivedAt,
          changelog: reportVersion.changelog,
        })
        .from(reportVersion)
        .where(eq(reportVersion.reportId, reportId))
        .orderBy(desc(reportVersion.version));
    },

    /** The versions this person last opened and opened before it (ADR 029); null if none. */
    async findReading(reportId: string, userId: string) {
      const rows = await db
        .select({
          openedVersion: reportReading.openedVersion,
          previousVersion: reportReading.previousVersion,
        })
        .from(reportReading)
        .where(and(eq(reportReading.reportId, reportId), eq(reportReading.userId, userId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Records that this person opened `version` (the latest): the version they had opened
     * before becomes the previous one. Opening the same or an older version again changes
     * nothing, so the changes stay on the page until a newer version arrives. One statement,
     * so two tabs opening at once cannot lose the previous version.
     */
    async recordOpened(reportId: string, userId: string, version: number) {
      const rows = await db
        .insert(reportReading)
        .values({ reportId, userId, openedVersion: version })
        .onConflictDoUpdate({
          target: [reportReading.reportId, reportReading.userId],
          set: {
            previousVersion: sql`${reportReading.openedVersion}`,
            openedVersion: version,
            openedAt: sql`now()`,
          },
          setWhere: sql`${reportReading.openedVersion} < ${version}`,
        })
        .returning({
          openedVersion: reportReading.openedVersion,
          previousVersion: reportReading.previousVersion,
        });
      return rows[0] ?? (await this.findReading(reportId, userId));
    },

    async findVersion(reportId: string, version: number) {
      const rows = await db
        .select()
        .from(reportVersion)
        .where(and(eq(reportVersion.reportId, reportId), eq(reportVersion.version, version)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
