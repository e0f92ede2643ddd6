import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  CLINIC_RECEIVES_NO_REPORTS,
  CLINIC_SHARE_DAYS,
  CLINIC_SHARE_NOT_FOUND,
  NO_CLINIC_CHOSEN,
  type ClinicShareAnswer,
  type ClinicSharing,
} from '@nestling/shared/contract/clinics';
import { testTypeSchema, type ReportContent } from '@nestling/shared/contract/report';
import { REPORT_NOT_FOUND } from '@nestling/shared/contract/report-view';
import type { Config } from '../../config.ts';
import type { MailMessage } from '../mail/index.ts';
import type { OrdersRepository } from '../orders/index.ts';
import type { ReportsRepository, ReportSummaryRow } from '../reports/index.ts';
import type { ContentForReader } from '../sensitive-results/index.ts';
import type { UsersRepository } from '../users/index.ts';
import { clinicShareMail } from './mail.ts';
import type { ClinicSharingRepository } from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Only the hash of a link's token is stored, so the table alone opens nothing. */
export function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A report the clinic may open, with who reads it: the patient, or both partners. */
interface SharedReport {
  summary: ReportSummaryRow;
  readers: string[];
}

/**
 * Sharing reports with the person's clinic (ADR 026): the consent, the link mailed to the clinic,
 * and what the clinic sees behind it. A joint or embryo report is both partners': the clinic sees
 * it only while both share with that same clinic. Sensitive results (ADR 022) stay out unless
 * every reader of the report has chosen to see them.
 */
export function createClinicSharingService(deps: {
  repository: ClinicSharingRepository;
  reports: ReportsRepository;
  orders: OrdersRepository;
  users: UsersRepository;
  forReader: (
    reportId: string,
    readerId: string,
    content: ReportContent,
  ) => Promise<ContentForReader>;
  peopleOf: (reportId: string) => Promise<string[]>;
  sendMail: (message: MailMessage) => Promise<void>;
  config: Pick<Config, 'publicUrl' | 'brand'>;
  now?: () => Date;
}) {
  const { repository, reports, orders } = deps;
  const now = deps.now ?? (() => new Date());

  /** The reports the clinic may open, and how many joint or embryo reports wait for the partner. */
  async function sharedReports(userId: string, clinicId: string) {
    const individualOrderIds = (await orders.listIndividualOrders(userId)).map((row) => row.id);
    const partnerOf = new Map<string, string>();
    let waitingAccounts: string[] = [];
    for (const account of await orders.listCoupleAccounts(userId)) {
      const partnerId = account.mother === userId ? account.father : account.mother;
      if (partnerId !== null && (await repository.sharesWith(partnerId, clinicId))) {
        partnerOf.set(account.id, partnerId);
      } else {
        waitingAccounts = [...waitingAccounts, account.id];
      }
    }
    const shared: SharedReport[] = (
      await reports.latestSummaries({
        individualOrderIds,
        coupleAccountIds: [...partnerOf.keys()],
      })
    ).map((summary) => {
      const partnerId =
        summary.coupleAccountId === null ? undefined : partnerOf.get(summary.coupleAccountId);
      return { summary, readers: partnerId === undefined ? [userId] : [userId, partnerId] };
    });
    const awaitingPartner = (await reports.latestSummaries({ coupleAccountIds: waitingAccounts }))
      .length;
    return { shared, awaitingPartner };
  }

  /** The latest content as the clinic may see it: without sensitive results any reader holds back. */
  async function contentForClinic(report: SharedReport) {
    const row = await reports.findVersion(report.summary.id, report.summary.version);
    if (row === null) throw new Refusal(404, REPORT_NOT_FOUND);
    for (const reader of report.readers) {
      const seen = await deps.forReader(report.summary.id, reader, row.content);
      if (seen.sensitive !== undefined && !seen.sensitive.released) {
        return { row, content: seen.content, heldBack: seen.sensitive.count };
      }
    }
    return { row, content: row.content, heldBack: 0 };
  }

  /** The link behind a token while it works: not revoked, not expired, the consent still given. */
  async function openLink(token: string) {
    const link = await repository.linkByTokenHash(tokenHashOf(token));
    if (link === null || link.revokedAt !== null || link.expiresAt <= now()) {
      throw new Refusal(404, CLINIC_SHARE_NOT_FOUND);
    }
    const choice = await repository.choiceOf(link.userId);
    if (
      choice === null ||
      choice.clinic.id !== link.clinicId ||
      choice.sharingSince === null ||
      !choice.clinic.active
    ) {
      throw new Refusal(404, CLINIC_SHARE_NOT_FOUND);
    }
    return { link, clinic: choice.clinic };
  }

  return {
    /** The person's consent as their /clinics page shows it; null while they do not share. */
    async stateOf(userId: string): Promise<ClinicSharing | null> {
      const choice = await repository.choiceOf(userId);
      if (choice === null || choice.sharingSince === null) return null;
      const link = await repository.currentLink(userId);
      const { shared, awaitingPartner } = await sharedReports(userId, choice.clinic.id);
      return {
        since: choice.sharingSince.toISOString(),
        linkExpiresAt: (link?.expiresAt ?? choice.sharingSince).toISOString(),
        reports: shared.length,
        awaitingPartner,
      };
    },

    /**
     * Gives the consent and mails the clinic a new link (an earlier one stops working), or
     * withdraws it. Only a chosen, active clinic with a results address can be shared with.
     */
    async setSharing(userId: string, share: boolean): Promise<void> {
      const at = now();
      if (!share) {
        await repository.stopSharing(userId, at);
        return;
      }
      const choice = await repository.choiceOf(userId);
      if (choice === null) throw new Refusal(409, NO_CLINIC_CHOSEN);
      const address = choice.clinic.resultsEmail;
      if (!choice.clinic.active || address === null) {
        throw new Refusal(409, CLINIC_RECEIVES_NO_REPORTS);
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + CLINIC_SHARE_DAYS * DAY_MS);
      await repository.startSharing(
        {
          id: randomUUID(),
          tokenHash: tokenHashOf(token),
          userId,
          clinicId: choice.clinic.id,
          createdAt: at,
          expiresAt,
        },
        at,
      );
      await deps.sendMail(
        clinicShareMail(deps.config, {
          to: address,
          clinicName: choice.clinic.name,
          token,
          expiresAt,
        }),
      );
    },

    /** What the clinic sees behind its link; `userId` is whose reports they are, for the audit. */
    async open(token: string): Promise<{ userId: string; answer: ClinicShareAnswer }> {
      const { link, clinic } = await openLink(token);
      const person = await deps.users.findById(link.userId);
      if (person === null) throw new Refusal(404, CLINIC_SHARE_NOT_FOUND);
      const { shared } = await sharedReports(link.userId, clinic.id);
      const entries: ClinicShareAnswer['reports'] = [];
      for (const report of shared) {
        const { heldBack } = await contentForClinic(report);
        entries.push({
          id: report.summary.id,
          kind: report.summary.kind,
          labReportId: report.summary.labReportId,
          version: report.summary.version,
          signedOffOn: report.summary.signedOffOn,
          testType: testTypeSchema.parse(report.summary.testType),
          people: await deps.peopleOf(report.summary.id),
          heldBack,
        });
      }
      const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
      const { birthMonth, birthDay, birthYear } = person;
      const dateOfBirth =
        birthMonth === null || birthDay === null || birthYear === null
          ? null
          : `${String(birthMonth).padStart(2, '0')}/${String(birthDay).padStart(2, '0')}/${String(birthYear)}`;
      return {
        userId: link.userId,
        answer: {
          clinicName: clinic.name,
          patient: { name: name === '' ? person.email : name, dateOfBirth },
          expiresAt: link.expiresAt.toISOString(),
          reports: entries,
        },
      };
    },

    /**
     * One shared report's latest version as the clinic may see it, with what its PDF needs; a
     * report not shared through this link is not found.
     */
    async report(token: string, reportId: string) {
      const { link, clinic } = await openLink(token);
      const { shared } = await sharedReports(link.userId, clinic.id);
      const report = shared.find((entry) => entry.summary.id === reportId);
      if (report === undefined) throw new Refusal(404, REPORT_NOT_FOUND);
      const { row, content, heldBack } = await contentForClinic(report);
      return {
        userId: link.userId,
        summary: report.summary,
        pdf: {
          content,
          version: row.version,
          changelog: row.changelog,
          people: await deps.peopleOf(reportId),
          heldBack,
        },
      };
    },
  };
}

export type ClinicSharingService = ReturnType<typeof createClinicSharingService>;
