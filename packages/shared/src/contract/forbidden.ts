import {
  ADMIN_ONLY,
  ADMINS_NOT_IMPERSONATED,
  ALREADY_IMPERSONATING,
  PRIMARY_ADMIN_ONLY,
} from './admin.ts';
import { NOT_WHILE_IMPERSONATING, VERIFIED_EMAIL_REQUIRED } from './auth.ts';
import { DEMO_REPORTS_DEMO_ACCOUNTS_ONLY } from './demo-report.ts';
import { SURVEY_VIEW_AS_READ_ONLY } from './health-survey.ts';
import { VIEW_AS_READ_ONLY } from './kits.ts';
import { DATA_PORTAL_OFF } from './my-data.ts';
import { VIEW_AS_ADMIN_ONLY } from './portal-user.ts';
import { IMPERSONATOR_CANNOT_PAY } from './purchase.ts';
import { TERMS_NOT_BY_STAFF } from './terms.ts';

/*
 * /403?message= (spec section 8): the page shows the reason the server gave for a refusal. Only
 * a reason the portal itself wrote is shown: any other text in the address could put a forged
 * warning on the portal's own domain, so it gets the general sentence instead.
 */

/** What /403 says without a reason of the portal's own. */
export const FORBIDDEN_DEFAULT_MESSAGE = 'Your account does not have access to that page.';

/** Every 403 reason the server sends that the web app may lead to /403 with. */
const PORTAL_FORBIDDEN_MESSAGES: ReadonlySet<string> = new Set([
  ADMIN_ONLY,
  ADMINS_NOT_IMPERSONATED,
  ALREADY_IMPERSONATING,
  PRIMARY_ADMIN_ONLY,
  NOT_WHILE_IMPERSONATING,
  VERIFIED_EMAIL_REQUIRED,
  DEMO_REPORTS_DEMO_ACCOUNTS_ONLY,
  SURVEY_VIEW_AS_READ_ONLY,
  VIEW_AS_READ_ONLY,
  DATA_PORTAL_OFF,
  VIEW_AS_ADMIN_ONLY,
  IMPERSONATOR_CANNOT_PAY,
  TERMS_NOT_BY_STAFF,
  FORBIDDEN_DEFAULT_MESSAGE,
]);

/** The reason /403 may show: `message` when the portal wrote it, else nothing. */
export function portalForbiddenMessage(message: string | undefined): string | undefined {
  return message !== undefined && PORTAL_FORBIDDEN_MESSAGES.has(message) ? message : undefined;
}
