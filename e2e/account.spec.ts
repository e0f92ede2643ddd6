import {
  signInByApi,
  signInOnPage,
  useToken,
  newPatient,
  NEW_PATIENT_PASSWORD,
} from './accounts.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

const password = NEW_PATIENT_PASSWORD;

test('a patient edits the profile, changes the password and signs out other devices', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = await newPatient(page.request, String(baseURL), {
    label: 'settings',
    firstName: 'Sasha',
    lastName: 'Settings',
  });
  await page.goto('/signin?next=%2Faccount-settings');
  await signInOnPage(page, email, password);
  await expect(page).toHaveURL('/account-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();

  // Another device, signed in at the same time.
  const laptop = await browser.newContext({ baseURL: String(baseURL) });
  await useToken(
    laptop,
    String(baseURL),
    await signInByApi(laptop.request, String(baseURL), email, password),
  );
  const laptopPage = await laptop.newPage();
  await laptopPage.goto('/account-settings');
  await expect(laptopPage).toHaveURL('/account-settings');

  await page.reload();
  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(devices.getByText('This device')).toBeVisible();
  await expectNoAxeViolations(page);

  // A wrong phone is named and nothing typed is lost; a right one is saved.
  const profile = page.getByRole('form', { name: 'Edit your profile' });
  await profile.getByLabel(/^Phone/).fill('not a phone');
  await profile.getByLabel(/^First name/).fill('Sasha-Lee');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('Enter a valid phone number')).toBeVisible();
  await expect(profile.getByLabel(/^First name/)).toHaveValue('Sasha-Lee');
  await profile.getByLabel(/^Phone/).fill('+1 202 555 0161');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible();

  // Signs the laptop out from here.
  await devices.getByRole('button', { name: 'Sign out all other devices' }).click();
  await expect(devices.getByRole('status')).toBeVisible();
  await laptopPage.goto('/account-settings');
  await expect(laptopPage).toHaveURL('/signin?next=%2Faccount-settings');

  // Changes the password: this browser carries on, signed in with the new one.
  const passwordForm = page.getByRole('form', { name: 'Change your password' });
  await passwordForm.getByLabel(/^Current password/).fill(password);
  await passwordForm.getByLabel(/^New password/).fill('an even sturdier passphrase');
  await passwordForm.getByLabel(/^Confirm new password/).fill('an even sturdier passphrase');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Other devices have been signed out' }),
  ).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL('/account-settings');
  await expect(devices.getByText('This device')).toBeVisible();
  await expectNoAxeViolations(page);
  await laptop.close();
});
