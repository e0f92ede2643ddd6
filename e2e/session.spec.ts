import { expOf, idleServerURL, signInByApi, tokenIn, useToken } from './accounts.ts';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

// The session of spec sections 4 and 9 with Playwright's clock: the page's timers run on a fake
// clock that starts at the real time, so the server's token (30 minutes) and the page agree.

/**
 * Opens a page and waits until the session timer runs: it is loaded apart from the page (signed-in
 * visitors only), and starts its 60-second checks once mounted.
 */
async function openWatched(page: Page, path: string) {
  const watchLoaded = page.waitForResponse((response) =>
    /\/assets\/session-watch-[\w-]+\.js$/.test(response.url()),
  );
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await watchLoaded;
  // The chunk is evaluated and its effect registers the timer right after; give it a moment.
  await page.waitForTimeout(500);
}

/**
 * Moves the page's clock on by `minutes`, then half a minute at a time until `target` shows, and
 * returns the minutes moved. On a busy machine the timer can register a moment after its chunk
 * has loaded, so the first jump may pass before it exists; its next check then comes later.
 */
async function idleUntilVisible(page: Page, target: Locator, minutes: number): Promise<number> {
  await page.clock.fastForward(minutes * 60_000);
  let moved = minutes;
  await expect
    .poll(
      async () => {
        if (await target.isVisible()) return true;
        await page.clock.fastForward(30_000);
        moved += 0.5;
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return Math.ceil(moved);
}

test.beforeEach(async ({ page, context, baseURL }) => {
  await page.clock.install();
  const token = await signInByApi(context.request, String(baseURL), 'new@demo.test');
  await useToken(context, String(baseURL), token);
});

test("under 10 minutes left shows 'Session Expiring'; staying gives a fresh token and keeps the input", async ({
  page,
  context,
}) => {
  await openWatched(page, '/account-settings');
  const firstName = page.getByLabel('First name');
  await firstName.fill('Not saved yet');
  const before = await tokenIn(context);

  // 21 minutes without activity: 9 of the token's 30 minutes are left at the next check.
  const dialog = page.getByRole('dialog', { name: 'Session Expiring' });
  const minutesIdle = await idleUntilVisible(page, dialog, 21);
  const left = 30 - minutesIdle;
  await expect(dialog).toContainText(
    new RegExp(`signed out in about (${String(left)}|${String(left + 1)}) minutes`),
  );
  await expectNoAxeViolations(page);

  // exp is in whole seconds: let a real second pass so the new token's exp is later.
  await page.waitForTimeout(1100);
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toBeHidden();
  const after = await tokenIn(context);
  expect(after).toBeDefined();
  expect(expOf(after ?? '')).toBeGreaterThan(expOf(before ?? ''));
  await expect(firstName).toHaveValue('Not saved yet');
});

test('activity in the last 60 seconds refreshes the token silently', async ({ page }) => {
  await openWatched(page, '/account-settings');
  await page.clock.fastForward('05:00');

  const refreshed = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/user/token'),
  );
  await page.getByLabel('First name').click();
  // Runs every timer due in the next minute: the next check comes within 60 s of the click.
  await page.clock.runFor('01:00');
  await refreshed;
  await expect(page.getByRole('dialog', { name: 'Session Expiring' })).toBeHidden();
});

test('an expired token signs out to /signin with the page as next', async ({ page, context }) => {
  await openWatched(page, '/account-settings?section=password');
  await page.clock.fastForward('31:00');
  // On a busy machine the timer can register after the first jump (see idleUntilVisible): move
  // on half a minute at a time until the page has signed out.
  await expect
    .poll(
      async () => {
        if (new URL(page.url()).pathname === '/signin') return true;
        await page.clock.fastForward(30_000);
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await expect(page).toHaveURL(
    `/signin?next=${encodeURIComponent('/account-settings?section=password')}`,
  );
  expect(await tokenIn(context)).toBeUndefined();
});

test("after the server's idle timeout the API refuses a token whose exp has not passed", async ({
  page,
  context,
  baseURL,
  expectedErrors,
}) => {
  // The page's own call answers 401, which the browser logs.
  expectedErrors.push(/status of 401/);
  // The second e2e server: sessions idle after 6 seconds, tokens live 30 minutes.
  const idleURL = idleServerURL(String(baseURL));
  const request = await page.context().browser()?.newContext({ baseURL: idleURL });
  if (request === undefined) throw new Error('no browser');
  const token = await signInByApi(request.request, idleURL, 'new@demo.test');
  const me = () =>
    request.request.get('/api/user/me', { headers: { authorization: `Bearer ${token}` } });
  expect((await me()).status()).toBe(200);

  await page.waitForTimeout(7000);
  expect(expOf(token) * 1000).toBeGreaterThan(Date.now() + 25 * 60_000);
  const idle = await me();
  expect(idle.status()).toBe(401);
  expect(await idle.json()).toMatchObject({ message: 'Session expired' });

  // The web app on that server then asks to sign in again.
  await useToken(context, idleURL, token);
  await page.goto(`${idleURL}/account-settings`);
  await expect(page).toHaveURL(`${idleURL}/signin?next=%2Faccount-settings`);
  await request.close();
});
