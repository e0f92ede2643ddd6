import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { testConfig } from '../../test/app.ts';
import { startTestSmtpServer } from '../../test/smtp.ts';
import { createMailTransport, type MailMessage } from './transport.ts';

const link = 'http://portal.test/verify-email?oobCode=secret-code-123';
const message: MailMessage = {
  to: 'ada@example.org',
  subject: 'Confirm your email for Nestling',
  body: [{ kind: 'action', label: 'Confirm your email', url: link }],
};

function capturedLogger() {
  const lines: string[] = [];
  const log = createLogger(
    { logLevel: 'info' },
    {
      write(chunk: string) {
        lines.push(chunk);
      },
    },
  );
  return { log, lines };
}

describe('the mail transport', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('without SMTP_URL writes each mail as an .eml file in the outbox, for its owner only', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-outbox-'));
    dirs.push(dataDir);
    const { log, lines } = capturedLogger();
    const mailer = createMailTransport(testConfig({ DATA_DIR: dataDir }), log);

    await mailer.send(message);
    await mailer.send({ ...message, subject: 'Reset your Nestling password' });
    mailer.close();

    const outbox = path.join(dataDir, 'outbox');
    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    expect(statSync(path.join(outbox, files[0] ?? '')).mode & 0o777).toBe(0o600);
    const mail = await simpleParser(readFileSync(path.join(outbox, files[0] ?? '')));
    expect(mail.subject).toBe(message.subject);
    // Both parts, each with the link.
    expect(mail.text).toContain(`Confirm your email:\n${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.from?.value[0]).toMatchObject({
      name: 'Nestling',
      address: 'no-reply@nestling.health',
    });

    // The log names the file, never the address, the subject or the link.
    const logged = lines.join('');
    expect(logged).toContain(files[0]);
    for (const secret of ['ada@example.org', 'secret-code-123', 'Confirm your email']) {
      expect(logged).not.toContain(secret);
    }
  });

  it('with SMTP_URL sends over SMTP and writes nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-outbox-'));
    dirs.push(dataDir);
    const smtp = await startTestSmtpServer();
    const { log, lines } = capturedLogger();
    const mailer = createMailTransport(testConfig({ DATA_DIR: dataDir, SMTP_URL: smtp.url }), log);
    try {
      await mailer.send(message);
      const received = await smtp.next('ada@example.org');
      expect(received.subject).toBe(message.subject);
      expect(readdirSync(dataDir)).not.toContain('outbox');
      expect(lines.join('')).not.toContain('ada@example.org');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});
