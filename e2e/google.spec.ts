import { googleServerURL } from './accounts.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

// Google sign-in in a popup, against a real OpenID Connect provider that the third e2e server
// starts in Google's place (e2e/serve.mjs): its login and consent pages, the authorization code
// with PKCE, the ID token signed with its own key.
test('signs in with Google in a popup, then completes the profile', async ({
  page,
  baseURL,
}, testInfo) => {
  const portal = googleServerURL(String(baseURL));
  await page.goto(`${portal}/signin?next=%2Freports`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page);

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await popup.getByPlaceholder('Enter any login').fill(`google-${testInfo.project.name}`);
  await popup.getByPlaceholder('and password').fill('any password');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await popup.waitForEvent('close');

  // A new account from Google has a confirmed email and a name, but no phone or birthday yet.
  await expect(page).toHaveURL(`${portal}/signup/step-1?next=%2Freports`);
  await expect(page.getByLabel(/^First name/)).toHaveValue('Gale');
  await expectNoAxeViolations(page);
});

test('closing the Google window leaves the person on the sign-in page, told so', async ({
  page,
  baseURL,
}) => {
  const portal = googleServerURL(String(baseURL));
  await page.goto(`${portal}/signin`);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await expect(popup.getByPlaceholder('Enter any login')).toBeVisible();
  await popup.close();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(`${portal}/signin`);
});
