import type { Health } from '@nestling/shared/contract/health';
import type { DatabaseHandle } from '../../db/database.ts';

/** Healthy when the database answers `select 1`. */
export async function checkHealth(database: Pick<DatabaseHandle, 'ping'>): Promise<Health> {
  return (await database.ping())
    ? { status: 'ok', database: 'up' }
    : { status: 'unavailable', database: 'down' };
}
