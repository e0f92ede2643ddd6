import { DATA_PORTAL_OFF } from '@nestling/shared/contract/my-data';
import type { UserRow } from '../../db/schema.ts';

/** 403 with DATA_PORTAL_OFF: the error handler answers with the status and the message. */
export class DataPortalOffError extends Error {
  readonly statusCode = 403;
  constructor() {
    super(DATA_PORTAL_OFF);
    this.name = 'DataPortalOffError';
  }
}

/**
 * My Data's endpoints serve only people the lab turned it on for (ADR 023). Called with the
 * request's subject: the caller, or the person an admin views as.
 */
export function requireDataPortal(subject: Pick<UserRow, 'enableDataPortal'>): void {
  if (!subject.enableDataPortal) throw new DataPortalOffError();
}
