/**
 * The address just signed up with or just confirmed, kept in this tab's memory only: /verify-email
 * offers to resend to it, and sign-in fills it in. Never put in a URL. A plain variable, not the
 * query cache: /signin renders before the query layer exists (ADR 037).
 */
let pending: string | undefined;

export function rememberPendingEmail(email: string): void {
  pending = email;
}

export function pendingEmail(): string | undefined {
  return pending;
}
