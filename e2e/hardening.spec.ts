import { DEMO_PASSWORD, signInOnPage, uniqueEmail } from './accounts.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { waitForMail } from './mail.ts';

test('sign-up shows the same page for an address that has an account, whose owner is mailed', async ({
  page,
}) => {
  for (const email of [uniqueEmail('fresh'), 'embryo-partner@demo.test']) {
    await page.goto('/signup');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeVisible();
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Probe');
    await page.getByLabel('Phone').fill('+1 202 555 0142');
    await page.getByLabel('Date of birth').fill('5/6/1990');
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByLabel(/^Password/).fill('a sturdy passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/verify-email');
    await expect(page.getByText('We sent a link to your email')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
  await waitForMail('embryo-partner@demo.test', /already have/);
});

test('the portal opened at the other loopback name signs in', async ({ page, baseURL }) => {
  // The e2e servers' PUBLIC_URL names 127.0.0.1; a newcomer may type localhost.
  const other = String(baseURL).replace('127.0.0.1', 'localhost');
  await page.goto(`${other}/signin?next=%2Freports`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await signInOnPage(page, 'mother@demo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(`${other}/reports`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
