import type { Database } from '../../db/database.ts';
import { PermanentJobError, type JobHandler, type JobQueue } from '../jobs/index.ts';
import type { MailMessage, MailTransport } from './transport.ts';

export type { MailMessage } from './transport.ts';

/** The job kind of a queued mail (ADR 047). */
export const MAIL_JOB_KIND = 'mail';

/**
 * Attempts before a mail is shown to staff as not delivered. The queue waits 2, 4, 8… seconds
 * between attempts, at most an hour: 16 attempts span about five hours of an SMTP outage.
 */
export const MAIL_MAX_ATTEMPTS = 16;

export interface MailSendOptions {
  /**
   * One event, one mail: a second mail with the same key is dropped, however often the event
   * is handled again (a webhook delivered twice, a retried job). E.g. `receipt:<order id>`.
   */
  key?: string;
  /** The transaction of the change that causes the mail: both are kept, or neither. */
  db?: Database;
}

/**
 * How the portal sends mail: every mail is a row in the job queue, written with the change
 * that causes it and delivered by the mail job, retried with backoff (ADR 047). `send`
 * resolves once the mail is stored, not when it is delivered.
 */
export interface Mailer {
  send(message: MailMessage, options?: MailSendOptions): Promise<void>;
}

/** A queued mail's payload; `sent` replaces the message once the SMTP server took it. */
export type MailPayload = { message: MailMessage } | { sent: true };

export function createMailer(queue: JobQueue): Mailer {
  return {
    async send(message, options = {}) {
      await queue.enqueue({
        kind: MAIL_JOB_KIND,
        payload: { message } satisfies MailPayload,
        // The lab's work, not the person's: a mail is not among their tasks, and one that
        // says their account was deleted must outlive the account.
        userId: null,
        maxAttempts: MAIL_MAX_ATTEMPTS,
        ...(options.key === undefined ? {} : { dedupeKey: `mail:${options.key}` }),
        ...(options.db === undefined ? {} : { db: options.db }),
      });
    },
  };
}

/** nodemailer's SMTP errors carry the server's reply code. */
function smtpResponseCode(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('responseCode' in error)) return null;
  return typeof error.responseCode === 'number' ? error.responseCode : null;
}

/**
 * Delivers one queued mail. After the SMTP server took it, the message (and the one-time link
 * it may hold) is replaced by `{ sent: true }`, so a later attempt (the server died before the
 * job was marked done) sends nothing and the table keeps no link. A 5xx reply (an address the
 * server refuses) is not retried.
 */
export function mailJobHandler(deps: {
  transport: MailTransport;
  /** The host part of each mail's Message-ID, the same for every attempt at one mail. */
  messageIdDomain: string;
  markSent: (jobId: string) => Promise<void>;
}): JobHandler<MailPayload> {
  return async ({ id, payload }) => {
    if (!('message' in payload)) return null;
    try {
      await deps.transport.send(payload.message, { messageId: `<${id}@${deps.messageIdDomain}>` });
    } catch (error) {
      const code = smtpResponseCode(error);
      const text = error instanceof Error ? error.message : String(error);
      if (code !== null && code >= 500) {
        throw new PermanentJobError(`The mail server refused this mail: ${text}`);
      }
      throw new Error(`The mail could not be sent: ${text}`);
    }
    await deps.markSent(id);
    return null;
  };
}
