import { signInByApi, signInOnPage, signOutOnPage, uniqueEmail, useToken } from './accounts.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { linkIn, waitForMail } from './mail.ts';

test('a new patient signs up, confirms by mail, signs out and in, and resets a forgotten password', async ({
  page,
  browser,
  baseURL,
  isMobile,
  expectedErrors,
}) => {
  // A whole journey through several pages and two mails: longer than one page's test.
  test.setTimeout(90_000);
  const email = uniqueEmail('journey');
  const firstPassword = 'my first passphrase';
  const newPassword = 'a better passphrase';

  // Asks for a page, is sent to sign in, and creates an account instead.
  await page.goto('/account-settings');
  await expect(page).toHaveURL('/signin?next=%2Faccount-settings');
  await page.getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL('/signup?next=%2Faccount-settings');
  // The URL changes at once; the form is there when its page has loaded.
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(/^Email/).fill(` ${email} `);
  await page.getByLabel('First name').fill('Jordan');
  await page.getByLabel('Last name').fill('Journey');
  await page.getByLabel('Phone').fill('+1 202 555 0150');
  await page.getByLabel('Date of birth').fill('7/4/1992');
  await page.getByRole('radio', { name: 'Male', exact: true }).check();
  await page.getByLabel(/^Password/).fill(firstPassword);
  await page.getByRole('button', { name: 'Create account' }).click();

  // No one is signed in until the email is confirmed: the page says a link was sent.
  await expect(page).toHaveURL('/verify-email?next=%2Faccount-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText('We sent a link to your email')).toBeVisible();
  await expectNoAxeViolations(page);

  // Opens the link from the mail: the email is confirmed, and sign-in comes next.
  const link = linkIn(await waitForMail(email, /Confirm your email/), 'verify-email');
  // The link keeps the page asked for; sign-in says the email is confirmed, address filled in.
  await page.goto(link);
  await expect(page).toHaveURL('/signin?next=%2Faccount-settings&confirmed=true');
  await expect(page.getByRole('status')).toHaveText('Email confirmed. Sign in to continue.');
  await expect(page.getByLabel(/^Email/)).toHaveValue(email);
  await page.getByLabel(/^Password/).fill(firstPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/account-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();

  // Signs out, and in again.
  await signOutOnPage(page, isMobile);
  await expect(page).toHaveURL('/signin');
  await page.goto('/account-settings');
  await expect(page).toHaveURL('/signin?next=%2Faccount-settings');
  await signInOnPage(page, email, firstPassword);
  await expect(page).toHaveURL('/account-settings');

  // Meanwhile signed in on another device.
  const otherDevice = await browser.newContext({ baseURL: String(baseURL) });
  const otherPage = await otherDevice.newPage();
  await useToken(
    otherDevice,
    String(baseURL),
    await signInByApi(otherDevice.request, String(baseURL), email, firstPassword),
  );
  await otherPage.goto('/account-settings');
  await expect(otherPage).toHaveURL('/account-settings');

  // Forgets the password: signs out, asks for a link, chooses a new password.
  await signOutOnPage(page, isMobile);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this email');
  await expectNoAxeViolations(page);

  await page.goto(linkIn(await waitForMail(email, /Reset your/), 'reset-password'));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is changed');
  await expectNoAxeViolations(page);

  // The old password is refused, in plain words; the new one works.
  expectedErrors.push(/status of 401/);
  await page.getByRole('link', { name: 'Sign in with your new password' }).click();
  await signInOnPage(page, email, firstPassword);
  // The server may be busy rendering another test's PDFs: a password check can wait its turn.
  await expect(page.getByRole('alert')).toContainText(/invalid email or password/i, {
    timeout: 15_000,
  });
  await expect(page).toHaveURL('/signin');
  await page.getByLabel(/^Password/).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');

  // The other device's session ended with the reset.
  await otherPage.goto('/account-settings');
  await expect(otherPage).toHaveURL('/signin?next=%2Faccount-settings');
  await otherDevice.close();
});
