import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { mailHtml, mailText, type MailContent } from './layout.tsx';

/**
 * A mail as its builders write it: the transport renders it as HTML and plain text (layout.tsx).
 */
export interface MailMessage extends MailContent {
  to: string;
  /** Files sent along, such as a calendar invitation. */
  attachments?: { filename: string; content: string; contentType: string }[];
}

/** What delivers a mail now. Only the mail job uses it (mailer.ts); everyone else queues. */
export interface MailTransport {
  /**
   * `messageId`: the same for every attempt at one queued mail, so that a receiving server
   * that sees it twice (the sender died between the SMTP answer and marking it sent) can tell.
   */
  send(message: MailMessage, options?: { messageId?: string }): Promise<void>;
  close(): void;
}

/**
 * Over SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in
 * `${DATA_DIR}/outbox/`. Mails carry one-time links, so neither the recipient, the subject nor
 * the body is logged: only that a mail was sent or written, and the file's name.
 */
export function createMailTransport(
  config: Pick<Config, 'mail' | 'dataDir' | 'brand'>,
  log: Pick<FastifyBaseLogger, 'info'>,
): MailTransport {
  /** What nodemailer sends: both parts, the plain text first (RFC 2046 multipart/alternative). */
  const envelope = async ({ body, ...message }: MailMessage, messageId?: string) => ({
    from: config.mail.from,
    ...message,
    ...(messageId === undefined ? {} : { messageId }),
    text: mailText(config.brand, { subject: message.subject, body }),
    html: await mailHtml(config.brand, { subject: message.subject, body }),
  });

  if (config.mail.smtpUrl !== null) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      async send(message, options) {
        const info = await transport.sendMail(await envelope(message, options?.messageId));
        log.info({ messageId: info.messageId }, 'Mail sent over SMTP');
      },
      close: () => {
        transport.close();
      },
    };
  }

  const outbox = path.join(config.dataDir, 'outbox');
  const writing = path.join(config.dataDir, '.outbox-writing');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message, options) {
      const info = await transport.sendMail(await envelope(message, options?.messageId));
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      await mkdir(writing, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const file = path.join(outbox, name);
      // Written beside the outbox, then moved in: whoever reads the outbox sees whole mails.
      await writeFile(path.join(writing, name), info.message, { mode: 0o600 });
      await rename(path.join(writing, name), file);
      log.info({ file }, 'Mail written to the outbox (it holds a one-time link; open the file)');
    },
    close: () => {
      transport.close();
    },
  };
}

/**
 * Connects to the SMTP server, greets it and signs in, within `timeoutMs` each, then hangs up:
 * whether mail could be sent now (readiness, ADR 045). Rejects with nodemailer's error.
 */
export async function verifyMailServer(smtpUrl: string, timeoutMs: number): Promise<void> {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}
