import type { UndeliveredMail } from '@nestling/shared/contract/mail';
import { UNDELIVERED_MAIL_LIMIT } from '@nestling/shared/contract/mail';
import type { JobRow, JobsRepository } from '../jobs/index.ts';
import { MAIL_JOB_KIND, type MailPayload } from './mailer.ts';

function undeliveredView(row: JobRow): UndeliveredMail {
  const payload = row.payload as MailPayload;
  const message = 'message' in payload ? payload.message : null;
  return {
    id: row.id,
    to: message?.to ?? '',
    subject: message?.subject ?? '',
    state: row.state === 'failed' ? 'failed' : 'retrying',
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastError: row.lastError,
    nextAttemptAt: row.state === 'failed' ? null : row.runAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What staff see of mail not delivered yet, and sending one that failed for good again. */
export function createUndeliveredMailService(jobs: JobsRepository) {
  return {
    async list(): Promise<UndeliveredMail[]> {
      const rows = await jobs.listWithFailures(MAIL_JOB_KIND, UNDELIVERED_MAIL_LIMIT);
      return rows.map(undeliveredView);
    },
    /** False unless `id` is a mail that failed for good. */
    sendAgain: (id: string): Promise<boolean> => jobs.requeueFailed(id, MAIL_JOB_KIND),
  };
}
