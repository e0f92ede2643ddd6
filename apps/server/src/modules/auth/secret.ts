import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

/**
 * BETTER_AUTH_SECRET when set. On the embedded database without one, a secret generated on the
 * first start and kept in `${DATA_DIR}/auth-secret` (readable by this user only), so that
 * restarts keep sessions and token signing keys. Config refuses DATABASE_URL without a secret.
 */
export function resolveAuthSecret(
  config: Pick<Config, 'auth' | 'dataDir' | 'databaseUrl'>,
): string {
  if (config.auth.secret !== null) return config.auth.secret;
  if (config.databaseUrl !== null)
    throw new Error('BETTER_AUTH_SECRET is required with DATABASE_URL');
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
