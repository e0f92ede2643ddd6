import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The mails the portal wrote to DATA_DIR/outbox for this address, oldest first. */
export async function mailsTo(dataDir: string, to: string): Promise<ParsedMail[]> {
  let files: string[] = [];
  try {
    files = readdirSync(path.join(dataDir, 'outbox')).sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(
    files.map((file) => simpleParser(readFileSync(path.join(dataDir, 'outbox', file)))),
  );
  return mails.filter((mail) => JSON.stringify(mail.to ?? '').includes(to));
}
