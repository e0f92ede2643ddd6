import { readFileSync } from 'node:fs';

/**
 * Passwords of eight characters or more (shorter ones are refused anyway) that appear near the
 * top of every published list of leaked passwords. Compared case-insensitively.
 */
const commonPasswords: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common. Please choose a less predictable one.';

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
