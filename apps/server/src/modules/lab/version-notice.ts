import type { Config } from '../../config.ts';
import type { UserRow } from '../auth/schema.ts';
import type { JobHandler } from '../jobs/index.ts';
import type { MailMessage } from '../mail/index.ts';

/*
 * Notice of a delivered report: when the lab delivers a version of a report,
 * each person it belongs to gets a mail. Mail is not a safe place for health data, so it says
 * only that a report is ready or has a new version, and where to sign in to read it.
 */

export const VERSION_NOTICE_JOB_KIND = 'report-version-notice';

export interface VersionNoticePayload {
  reportId: string;
  version: number;
}

export function versionNoticeMail(
  config: Pick<Config, 'publicUrl' | 'brand'>,
  facts: { to: string; firstName: string; version: number },
): MailMessage {
  const { brand, publicUrl } = config;
  const greeting = facts.firstName === '' ? 'Hello,' : `Hello ${facts.firstName},`;
  const link = `${publicUrl}/reports`;
  const updated = facts.version > 1;
  return {
    to: facts.to,
    subject: updated
      ? `Your ${brand.productName} report has a new version`
      : `Your ${brand.productName} report is ready`,
    body: [
      { kind: 'paragraph', text: greeting },
      {
        kind: 'paragraph',
        text: updated
          ? `${brand.companyName} has delivered a new version of one of your reports. The report says what changed since the version you last opened.`
          : `${brand.companyName} has delivered one of your reports.`,
      },
      {
        kind: 'paragraph',
        text: 'Sign in to read it. For your privacy, this mail holds no results.',
      },
      { kind: 'action', label: 'Sign in to read your report', url: link },
      {
        kind: 'paragraph',
        text: 'A genetic counselor can go through it with you: you can book a call from the portal.',
      },
    ],
  };
}

/**
 * The job that mails everyone a report belongs to: the person of an individual report, both
 * partners of a joint or embryo report. Safe to run again: a retry after a failed send mails the
 * people not reached yet as well as, at worst, one mailed already.
 */
export function createVersionNoticeHandler(deps: {
  ownersOf: (reportId: string) => Promise<string[]>;
  findUser: (id: string) => Promise<UserRow | null>;
  sendMail: (message: MailMessage) => Promise<void>;
  config: Pick<Config, 'publicUrl' | 'brand'>;
}): JobHandler<VersionNoticePayload> {
  return async (context) => {
    const { reportId, version } = context.payload;
    let mailed = 0;
    for (const id of await deps.ownersOf(reportId)) {
      const user = await deps.findUser(id);
      if (user === null) continue;
      await deps.sendMail(
        versionNoticeMail(deps.config, {
          to: user.email,
          firstName: user.firstName ?? '',
          version,
        }),
      );
      mailed += 1;
    }
    return { mailed };
  };
}
