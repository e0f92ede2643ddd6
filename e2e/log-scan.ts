/*
 * Once the whole e2e suite has run: the servers' logs (serve.mjs keeps them in .test-output)
 * must hold no personal data and no secrets. Every demo person's email, name, phone and birth
 * date is looked for, as is any email address at all (the suite's own new accounts too) and
 * anything shaped like a token, a one-time code, a lab key or a capability link's secret. A
 * find fails the run.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoAccounts } from '../apps/server/src/demo/seed.ts';

const outputDir = fileURLToPath(new URL('../.test-output/', import.meta.url));

const pad = (value: number) => String(value).padStart(2, '0');

/** What must never be written, with a name for the report (never the value itself). */
function forbidden(): { name: string; pattern: RegExp | string }[] {
  const items: { name: string; pattern: RegExp | string }[] = [
    { name: 'an email address', pattern: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/ },
    { name: 'an access token', pattern: /\beyJ[\w-]+\.[\w-]+\.[\w-]+/ },
    { name: 'a one-time code', pattern: /oobCode=/ },
    { name: 'a lab key', pattern: /\blab_[\w-]{20,}/ },
    { name: 'a session cookie', pattern: /session_token=[^;"\s]/ },
    { name: 'a Bearer header', pattern: /Bearer [\w-]/ },
    // Capability links: whoever holds one holds the access (a clinic's share link, an
    // invitation, a document's viewing link, an export's signed download).
    {
      name: 'a capability link',
      pattern:
        /\/(?:clinic-shares?|documents\/view|invitations|invite\/accept)\/(?!\[redacted\]|pending\b)[^/?#\s"']+/,
    },
    { name: 'a signed download link', pattern: /[?&]sig=(?!\[redacted\])[^&\s"']/ },
    { name: 'a token-length path segment', pattern: /\/[\w-]{32,}(?=[/?#\s"']|$)/ },
  ];
  for (const account of demoAccounts) {
    const who = account.id;
    items.push({ name: `${who}'s name`, pattern: `${account.firstName} ${account.lastName}` });
    items.push({ name: `${who}'s first name`, pattern: new RegExp(`\\b${account.firstName}\\b`) });
    if (account.phone !== null) {
      items.push({ name: `${who}'s phone`, pattern: account.phone });
      items.push({ name: `${who}'s phone digits`, pattern: account.phone.replace(/\D/g, '') });
    }
    if (account.birthday !== null) {
      const { Month, Day, Year } = account.birthday;
      for (const date of [
        `${String(Month)}/${String(Day)}/${String(Year)}`,
        `${pad(Month)}/${pad(Day)}/${String(Year)}`,
        `${String(Year)}-${pad(Month)}-${pad(Day)}`,
      ]) {
        items.push({ name: `${who}'s birth date`, pattern: date });
      }
    }
  }
  return items;
}

export default async function scanServerLogs(): Promise<void> {
  const files = (await readdir(outputDir)).filter((file) => /^e2e-.*\.log$/.test(file));
  if (files.length === 0) throw new Error('No e2e server log to scan in .test-output');
  const finds: string[] = [];
  let lineCount = 0;
  for (const file of files) {
    const lines = (await readFile(join(outputDir, file), 'utf8')).split('\n');
    lineCount += lines.length;
    for (const [index, line] of lines.entries()) {
      for (const { name, pattern } of forbidden()) {
        const found = typeof pattern === 'string' ? line.includes(pattern) : pattern.test(line);
        if (found) finds.push(`${file}:${String(index + 1)}: ${name}`);
      }
    }
  }
  if (finds.length > 0) {
    throw new Error(
      `The server logs hold personal data or secrets (${String(finds.length)} finds):\n${finds.slice(0, 50).join('\n')}`,
    );
  }
  console.log(
    `Scanned ${files.join(', ')} (${String(lineCount)} lines): no personal data, secrets or capability links.`,
  );
}
