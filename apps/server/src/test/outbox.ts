import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, inArray } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { App } from '../app.ts';
import { job } from '../modules/jobs/schema.ts';

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

/**
 * Resolves once the app's queue holds no quick work (mail, receipts) still to run: what an
 * answer queued has been sent (ADR 047). Fails after `timeoutMs`.
 */
export async function quickWorkDone(app: App, timeoutMs = 15_000): Promise<void> {
  const kinds = app.jobHandlers.quickKinds();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await app.database.db
      .select({ waiting: count() })
      .from(job)
      .where(and(inArray(job.kind, kinds), inArray(job.state, ['queued', 'running'])));
    if ((row?.waiting ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error('Mail and other quick work still queued');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
