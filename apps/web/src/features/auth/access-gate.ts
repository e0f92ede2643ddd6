import type { User } from '@nestling/shared/contract/user';
import { isProfileComplete } from '@nestling/shared/rules';

/** Where the gate sends people; each carries the page first asked for as `next`. */
export const SIGN_IN_PATH = '/signin';
export const VERIFY_EMAIL_PATH = '/verify-email';
export const COMPLETE_PROFILE_PATH = '/signup/step-1';

function withNext(target: string, path: string): string {
  return `${target}?next=${encodeURIComponent(path)}`;
}

/**
 * The access gate of spec section 4, applied in exactly this order:
 * 1. not signed in: /signin?next=<path>;
 * 2. email not verified: /verify-email?next=<path>;
 * 3. admin: passes;
 * 4. profile incomplete: /signup/step-1?next=<path>;
 * 5. otherwise null (the page is shown).
 *
 * `path` is the page asked for (pathname, optionally with its query). A redirect to the page the
 * user is already on is not made (null), so the gate never loops. Which pages are gated at all is
 * the caller's choice (sign-in, sign-up and the legal pages are not).
 */
export function accessGate(user: User | null, path: string): string | null {
  const pathname = path.split('?')[0] ?? path;
  const redirect = (target: string) => (pathname === target ? null : withNext(target, path));

  if (user === null) return redirect(SIGN_IN_PATH);
  if (!user.emailVerified) return redirect(VERIFY_EMAIL_PATH);
  if (user.isAdminUser) return null;
  if (!isProfileComplete(user)) return redirect(COMPLETE_PROFILE_PATH);
  return null;
}
