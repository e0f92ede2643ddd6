import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The main e2e server's data directory: 'e2e-data', or 'e2e-data-<port>' when E2E_PORT moves
 * the servers (playwright.config.ts), so that two runs on one machine never share a directory.
 */
export const MAIN_DATA_NAME = process.env.E2E_PORT
  ? `e2e-data-${process.env.E2E_PORT}`
  : 'e2e-data';

/** The outbox of an e2e server (serve.mjs): with no SMTP_URL every mail is an .eml file there. */
export function outboxDir(dataName = MAIN_DATA_NAME): string {
  return join(root, '.test-output', dataName, 'outbox');
}

function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((address) => address.value.map((value) => value.address ?? ''));
}

async function mailsTo(address: string, dataName: string): Promise<ParsedMail[]> {
  const dir = outboxDir(dataName);
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    files
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .map(async (file) => simpleParser(await readFile(join(dir, file)))),
  );
  return mails.filter((mail) => recipients(mail).includes(address));
}

/**
 * Waits for the mail to `address` whose subject matches, the way a person waits for their inbox,
 * and returns the newest. Every e2e test uses addresses of its own, so mails never mix.
 */
export async function waitForMail(
  address: string,
  subject: RegExp,
  { dataName = MAIN_DATA_NAME, count = 1 }: { dataName?: string; count?: number } = {},
): Promise<ParsedMail> {
  let found: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address, dataName)).filter((mail) =>
          subject.test(mail.subject ?? ''),
        );
        return found.length;
      },
      { message: `a mail to ${address} about ${String(subject)}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  const mail = found.at(-1);
  if (mail === undefined) throw new Error(`no mail to ${address}`);
  return mail;
}

/** The portal link in a mail, as a path with its query (`/verify-email?oobCode=…`). */
export function linkIn(mail: ParsedMail, page: string): string {
  const match = new RegExp(`https?://[^\\s/]+(/${page}\\?oobCode=[\\w-]+[^\\s]*)`).exec(
    mail.text ?? '',
  );
  if (match?.[1] === undefined) throw new Error(`no /${page} link in "${mail.subject ?? ''}"`);
  return match[1];
}
