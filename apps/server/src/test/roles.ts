/**
 * The kinds of caller the authorization matrix and the hostile-input test send every request
 * as: signed out, the demo couple's mother (the patient) and father (her partner), a patient
 * with no tie to them, staff outside the company's domain, a primary admin, and the primary
 * admin impersonating the patient.
 */
export const callerRoles = [
  'anonymous',
  'patient',
  'partner',
  'stranger',
  'staff',
  'primaryAdmin',
  'impersonating',
] as const;
export type CallerRole = (typeof callerRoles)[number];

/** The demo account each role that signs in as itself uses. */
export const roleEmails: Record<Exclude<CallerRole, 'anonymous' | 'impersonating'>, string> = {
  patient: 'mother@demo.test',
  partner: 'father@demo.test',
  stranger: 'individual@demo.test',
  staff: 'staff@demo.test',
  primaryAdmin: 'admin@nestling.health',
};
