import { DATA_PORTAL_OFF } from '@nestling/shared/contract/my-data';
import type { UserRow } from '../auth/schema.ts';
import { Refusal } from '../../lib/refusal.ts';

/**
 * My Data's endpoints serve only people the lab turned it on for (ADR 023). Called with the
 * request's subject: the caller, or the person an admin views as.
 */
export function requireDataPortal(subject: Pick<UserRow, 'enableDataPortal'>): void {
  if (!subject.enableDataPortal) throw new Refusal(403, DATA_PORTAL_OFF);
}
