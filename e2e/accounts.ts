import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { AUTH_COOKIE_NAME } from '@nestling/shared/constants';
import { linkIn, waitForMail } from './mail.ts';

/** Every demo account's password (README). */
export const DEMO_PASSWORD = 'demo-password';

/** The password of the patients the tests sign up (newPatient). */
export const NEW_PATIENT_PASSWORD = 'a sturdy passphrase';

/**
 * A confirmed patient with a complete profile, made through the API as the sign-up page makes
 * one, confirmed through the mailed link; answers the email.
 */
export async function newPatient(
  request: APIRequestContext,
  baseURL: string,
  who: { label: string; firstName: string; lastName: string; sex?: 'Female' | 'Male' },
): Promise<string> {
  const email = uniqueEmail(who.label);
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: {
      email,
      password: NEW_PATIENT_PASSWORD,
      name: `${who.firstName} ${who.lastName}`,
      firstName: who.firstName,
      lastName: who.lastName,
      phone: '+1 202 555 0160',
      sex: who.sex ?? 'Female',
      birthMonth: 9,
      birthDay: 12,
      birthYear: 1989,
    },
  });
  expect(signUp.status()).toBe(200);
  const oobCode = new URLSearchParams(
    linkIn(await waitForMail(email, /Confirm your email/), 'verify-email').split('?')[1],
  ).get('oobCode');
  expect((await request.post('/api/user/email/confirm', { data: { oobCode } })).status()).toBe(200);
  return email;
}

/** An address no other test uses, so each test has its own account and its own mails. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@e2e.test`;
}

/**
 * Signs in through the API the way the sign-in page does (better-auth sets the session cookie
 * in `request`'s jar, POST /api/user/token turns it into an access token) and returns the token.
 */
export async function signInByApi(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  // Absolute: `baseURL` may be another of the suite's servers than the configured one.
  const signIn = await request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email, password },
    headers: { origin: baseURL },
  });
  expect(signIn.status(), `sign-in of ${email}`).toBe(200);
  const token = await request.post(`${baseURL}/api/user/token`, { headers: { origin: baseURL } });
  expect(token.status()).toBe(200);
  return ((await token.json()) as { token: string }).token;
}

/** Puts an access token where the web app keeps it: the auth cookie. */
export async function useToken(
  context: BrowserContext,
  baseURL: string,
  token: string,
): Promise<void> {
  await context.addCookies([
    { name: AUTH_COOKIE_NAME, value: encodeURIComponent(token), url: baseURL, sameSite: 'Lax' },
  ]);
}

/** The access token the web app holds in this browser context, if any. */
export async function tokenIn(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((c) => c.name === AUTH_COOKIE_NAME);
  return cookie === undefined ? undefined : decodeURIComponent(cookie.value);
}

/** The `exp` claim of an access token, in unix seconds. */
export function expOf(token: string): number {
  const [, payload] = token.split('.');
  return (JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { exp: number }).exp;
}

/**
 * The second e2e server (playwright.config.ts), one port up: its sessions go idle after
 * 6 seconds while its access tokens live 30 minutes.
 */
export function idleServerURL(baseURL: string): string {
  const url = new URL(baseURL);
  url.port = String(Number(url.port) + 1);
  return url.origin;
}

/** Signs in on the sign-in page, the way a person does. */
export async function signInOnPage(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs `email` in through the API and gives the page its token; answers the token. */
export async function signInAs(page: Page, baseURL: string | undefined, email: string) {
  const token = await signInByApi(page.context().request, String(baseURL), email);
  await useToken(page.context(), String(baseURL), token);
  return token;
}

/** Signs out with the header's icon on a desktop, or the full-screen menu on a phone. */
export async function signOutOnPage(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
  } else {
    await page.getByRole('button', { name: 'Sign out' }).click();
  }
}

/** The third e2e server, two ports up: Google sign-in through a local OpenID Connect provider. */
export function googleServerURL(baseURL: string): string {
  const url = new URL(baseURL);
  url.port = String(Number(url.port) + 2);
  return url.origin;
}
