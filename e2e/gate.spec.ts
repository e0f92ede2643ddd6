import { signInOnPage, uniqueEmail } from './accounts.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { linkIn, waitForMail } from './mail.ts';

// The access gate of spec section 4, one step at a time, in its order. Each starts at
// /reports?tab=joint, so `next` carries a query as well.
const asked = '/reports?tab=joint';
const next = encodeURIComponent(asked);

test('1. a visitor who is not signed in goes to /signin, and back after signing in', async ({
  page,
}) => {
  await page.goto(asked);
  await expect(page).toHaveURL(`/signin?next=${next}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page);

  await signInOnPage(page, 'new@demo.test');
  await expect(page).toHaveURL(asked);
});

test('2. an unconfirmed email goes to /verify-email, before anything else', async ({ page }) => {
  await page.goto(`/signin?next=${next}`);
  await signInOnPage(page, 'unverified@demo.test');
  await expect(page).toHaveURL(`/verify-email?next=${next}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toHaveValue('unverified@demo.test');
  await expectNoAxeViolations(page);

  // Every other page sends them back here.
  await page.goto('/account-settings');
  await expect(page).toHaveURL(`/verify-email?next=${encodeURIComponent('/account-settings')}`);
});

test('3. an admin passes even with an incomplete profile', async ({ page }) => {
  await page.goto(`/signin?next=${next}`);
  await signInOnPage(page, 'staff@demo.test');
  await expect(page).toHaveURL(asked);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('4. an incomplete profile goes to /signup/step-1, then on to the page asked for', async ({
  page,
  baseURL,
}) => {
  // An account with only a name, as a sign-in with Google leaves it; its email confirmed.
  const email = uniqueEmail('gate-profile');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: String(baseURL) },
    data: { email, password: 'a sturdy passphrase', name: 'Pat Partial', firstName: 'Pat' },
  });
  expect(signUp.status()).toBe(200);
  const oobCode = new URLSearchParams(
    linkIn(await waitForMail(email, /Confirm your email/), 'verify-email').split('?')[1],
  ).get('oobCode');
  const confirm = await page.request.post('/api/user/email/confirm', { data: { oobCode } });
  expect(confirm.status()).toBe(200);

  await page.goto(`/signin?next=${next}`);
  await signInOnPage(page, email, 'a sturdy passphrase');
  await expect(page).toHaveURL(`/signup/step-1?next=${next}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Complete your profile' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // A wrong value is named inline and nothing typed is lost.
  await page.getByLabel('Last name').fill('Partial');
  await page.getByLabel('Phone').fill('+1 202 555 0177');
  await page.getByLabel('Date of birth').fill('02/30/1991');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('February has 28 or 29 days')).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveValue('+1 202 555 0177');

  await page.getByLabel('Date of birth').fill('02/28/1991');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(asked);
});

test('5. a confirmed patient with a complete profile sees the page', async ({ page }) => {
  await page.goto(`/signin?next=${next}`);
  await signInOnPage(page, 'new@demo.test');
  await expect(page).toHaveURL(asked);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a next that leads to another site is not followed', async ({ page }) => {
  await page.goto(`/signin?next=${encodeURIComponent('https://evil.example/')}`);
  await signInOnPage(page, 'new@demo.test');
  await expect(page).toHaveURL('/');
});
