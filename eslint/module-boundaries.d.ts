import type { ESLint } from 'eslint';

/** `server:checkout`, `web:reports`, or null outside the modules and features. */
export function unitOf(file: string): string | null;
/** True for a server module's tables (`modules/<name>/schema.ts`), its second door. */
export function isTables(file: string): boolean;
/** The folder of a unit, from the repository's root. */
export function folderOf(unit: string): string;
/** What may still cross without a front door, by `"<from unit> -> <to unit>"`. */
export const allowed: Record<string, { why: string; files: string[] }>;
declare const plugin: ESLint.Plugin;
export default plugin;
