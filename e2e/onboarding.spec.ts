import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import {
  fatherReport,
  jointReport,
  motherReport,
} from '../apps/server/src/modules/demo-reports/payloads.ts';
import {
  DEMO_PASSWORD,
  newPatient,
  NEW_PATIENT_PASSWORD,
  signInAs,
  signInByApi,
  tokenIn,
  uniqueEmail,
  useToken,
} from './accounts.ts';
import { expect, expectNoAxeViolations, test, visit } from './fixtures.ts';
import { linkIn, waitForMail } from './mail.ts';

/*
 * From purchase to sample, as two new people would go through it: one buys a couple's test,
 * answers the health survey across a reload and a 'Session Expiring' dialog, accepts the terms
 * and the HIPAA notice; the partner named at checkout opens the mailed invitation signed out,
 * creates an account, sees the invite banner, accepts, answers their own survey and the terms;
 * then the lab ships the kits and the couple activates both; the lab delivers the joint report
 * and each partner's individual report, and each reads them. Each new page and state is scanned with axe once, and
 * screenshots of the pages are kept for both widths.
 */

async function shot(page: Page, name: string) {
  await page.screenshot({
    path: test.info().outputPath(`${name}.png`),
    fullPage: true,
  });
}

/** Waits for the survey's save status to read 'Saved'. */
async function expectSaved(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({
    timeout: 10_000,
  });
}

/** Answers 'No' to every yes-or-no question on the survey page. */
async function answerNoToAll(page: Page) {
  const groups = page.getByRole('radiogroup');
  const count = await groups.count();
  for (let index = 0; index < count; index += 1) {
    await groups.nth(index).getByRole('radio', { name: 'No', exact: true }).check();
  }
}

/**
 * The 'About you' page: height (feet and inches as typed, 5'5", or centimeters), weight
 * (pounds or kilograms) and ancestry.
 */
async function answerAboutYou(
  page: Page,
  height: { feet: string } | { cm: string },
  weight: { lb: string } | { kg: string },
) {
  await expect(page.getByRole('heading', { name: 'About you' })).toBeVisible();
  if ('feet' in height) await page.getByLabel('Feet', { exact: true }).fill(height.feet);
  else {
    await page.getByRole('radio', { name: 'Centimeters' }).check();
    await page.getByLabel('Height in centimeters').fill(height.cm);
  }
  if ('lb' in weight) await page.getByLabel('Weight in pounds').fill(weight.lb);
  else {
    await page.getByRole('radio', { name: 'Kilograms' }).check();
    await page.getByLabel('Weight in kilograms').fill(weight.kg);
  }
  await page.getByRole('checkbox', { name: 'European' }).check();
}

async function next(page: Page, heading: string | RegExp) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
}

/** The rest of a survey, from 'Your health' to its submission. */
async function finishSurvey(page: Page, role: 'mother' | 'father') {
  await next(page, 'Your health');
  await answerNoToAll(page);
  await next(page, /Your family/);
  await answerNoToAll(page);
  if (role === 'mother') {
    await next(page, 'Pregnancy history');
    await page
      .getByRole('radiogroup', { name: /pregnant now/ })
      .getByRole('radio', { name: 'No' })
      .check();
    await page.getByLabel(/How many times have you been pregnant/).fill('0');
  }
  await next(page, 'Research');
  await expectSaved(page);
  await page.getByRole('button', { name: 'Review answers' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Review your answers' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit survey' }).click();
  await expect(page.getByText('Your health survey is submitted')).toBeVisible();
  // Submitting leads on: the next step is the terms, with the way there.
  await expect(
    page.getByRole('heading', { name: 'Next: review and accept the terms and the HIPAA notice' }),
  ).toBeVisible();
}

/** Accepts the terms of service and the HIPAA notice, each on its own. */
async function acceptTerms(page: Page, scan: boolean) {
  await page.goto('/review-terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Review terms' })).toBeVisible();
  if (scan) {
    await expectNoAxeViolations(page);
    await shot(page, 'review-terms');
  }
  await page.getByRole('button', { name: /^I accept the Terms of Service/ }).click();
  await expect(page.getByText(/You accepted version/).first()).toBeVisible();
  await page.getByRole('button', { name: /^I accept the .*Privacy Practices/ }).click();
  await expect(page.getByText(/You accepted version/)).toHaveCount(2);
  await expect(page.getByText('Both accepted')).toBeVisible();
}

async function buyCoupleTest(page: Page, partnerEmail: string) {
  await page.goto('/purchase');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Preconception Genetic Screening' }),
  ).toBeVisible();
  await page.getByLabel(/^Partner's first name/).fill('Alex');
  await page.getByLabel(/^Partner's last name/).fill('Partner');
  await page.getByLabel(/^Partner's email/).fill(partnerEmail);
  const main = page.getByRole('main');
  await main.getByLabel(/^Street address/).fill('12 Elm Street');
  await main.getByLabel(/^City/).fill('Springfield');
  await main.getByLabel(/^State/).selectOption('IL');
  await main.getByLabel(/^ZIP code/).fill('62701');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await page.getByLabel(/^Expiry date/).fill('12/34');
  await page.getByLabel(/^Security code/).fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({
    timeout: 15_000,
  });
}

/** The partner's own browser: nobody signed in. */
async function signedOutPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: test.info().project.use.viewport ?? null,
    isMobile: test.info().project.use.isMobile ?? false,
    extraHTTPHeaders: test.info().project.use.extraHTTPHeaders ?? {},
  });
  return context.newPage();
}

test('a couple goes from purchase to reading every report: survey kept across a reload and a Session Expiring dialog, terms, the mailed invitation and the banner, shipped kits, the joint and both individual reports', async ({
  page,
  browser,
  baseURL,
  expectedErrors,
}) => {
  test.setTimeout(240_000);
  // The typo'd kit ID's 400 is logged by the browser and by the API client.
  expectedErrors.push(/status of 400/, /failed with status 400/);
  const base = String(baseURL);
  await page.clock.install();

  // The buyer: a new patient, signed in.
  const buyer = await newPatient(page.request, base, {
    label: 'couple-buyer',
    firstName: 'Morgan',
    lastName: 'Buyer',
    sex: 'Female',
  });
  await useToken(
    page.context(),
    base,
    await signInByApi(page.request, base, buyer, NEW_PATIENT_PASSWORD),
  );
  const partner = uniqueEmail('couple-partner');
  await buyCoupleTest(page, partner);

  // With no report yet, the reports home says what to do next; the journey lists every step.
  await page.goto('/reports');
  await expect(page.getByText(/Next: /).first()).toBeVisible();
  await page.goto('/saliva');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByText(/Health survey/)
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'saliva-journey');

  // The survey: /health-survey takes the buyer to the mother's survey.
  await page.goto('/health-survey');
  await expect(page).toHaveURL(/\/saliva\/health-survey\/mother/);
  await answerAboutYou(page, { feet: `5'5"` }, { lb: '140.5' });
  await expectSaved(page);
  await expectNoAxeViolations(page);
  await shot(page, 'survey-about-you');

  // A reload keeps every answer.
  await page.reload();
  await expect(page.getByLabel('Feet', { exact: true })).toHaveValue('5');
  await expect(page.getByLabel('Inches', { exact: true })).toHaveValue('5');
  await expect(page.getByLabel('Weight in pounds')).toHaveValue('140.5');
  await expect(page.getByRole('checkbox', { name: 'European' })).toBeChecked();

  // 'Your health' by keyboard alone: Tab to each question, arrow to 'No', Enter on 'Next'.
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your health' })).toBeVisible();
  const questions = page.getByRole('radiogroup');
  const count = await questions.count();
  await questions.first().getByRole('radio', { name: 'Yes' }).focus();
  for (let index = 0; index < count; index += 1) {
    await page.keyboard.press('ArrowRight');
    await expect(questions.nth(index).getByRole('radio', { name: 'No' })).toBeChecked();
    await page.keyboard.press('Tab');
  }
  // Past the last question: the optional text box, then the buttons.
  await expect(page.getByLabel(/Any other conditions/)).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: /Your family/ })).toBeVisible();

  // A question answered 'Yes' opens its follow-ups; then 'Session Expiring' comes up.
  const family = page.getByRole('radiogroup').first();
  await family.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('checkbox', { name: 'Grandparent' }).first().check();
  await expectSaved(page);
  await page.clock.fastForward('21:00');
  const dialog = page.getByRole('dialog', { name: 'Session Expiring' });
  await expect(dialog).toBeVisible();
  // The page's clock is installed, so the dialog's fade-in timers run only when it is told to:
  // let them run, and scan once the dialog is fully drawn (half-faded text fails contrast).
  await page.clock.runFor(1000);
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: /Your family/ })).toBeVisible();
  await expect(
    page.getByRole('radiogroup').first().getByRole('radio', { name: 'Yes' }),
  ).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Grandparent' }).first()).toBeChecked();
  // Back to the start: the earlier pages kept their answers too.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(
    page.getByRole('radiogroup').last().getByRole('radio', { name: 'No' }),
  ).toBeChecked();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Inches', { exact: true })).toHaveValue('5');
  await finishSurvey(page, 'mother');
  await expectNoAxeViolations(page);
  await shot(page, 'survey-submitted');

  await acceptTerms(page, true);

  // The partner named at checkout is invited: the partner page says so.
  await page.goto('/partner');
  await expect(page.getByText(partner)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'partner-invited');

  // Activation must wait for the partner.
  const kitsAnswer = await page.request.get('/api/kits', {
    headers: { authorization: `Bearer ${(await tokenIn(page.context())) ?? ''}` },
  });
  const kits = (
    (await kitsAnswer.json()) as {
      kits: { kitId: string; role: string; purchaseOrderId: string | null }[];
    }
  ).kits;
  const kitOf = (role: string) => kits.find((kit) => kit.role === role)?.kitId ?? '';

  // The partner opens the mailed link in a signed-out browser.
  const invitation = await waitForMail(partner, /invited you to join/);
  const link = /https?:\/\/[^\s/]+(\/saliva\/invite\/accept\/[\w-]+)/.exec(
    invitation.text ?? '',
  )?.[1];
  expect(link).toBeDefined();
  const other = await signedOutPage(browser, base);
  await other.goto(String(link));
  await expect(
    other.getByRole('heading', { level: 1, name: 'Accept partner invite' }),
  ).toBeVisible();
  await expect(other.getByText(/Morgan \(.*\) invited you/)).toBeVisible();
  await expectNoAxeViolations(other);
  await shot(other, 'invite-signed-out');
  await other.getByRole('link', { name: 'Create an account' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await other.getByLabel(/^Email/).fill(partner);
  await other.getByLabel('First name').fill('Alex');
  await other.getByLabel('Last name').fill('Partner');
  await other.getByLabel('Phone').fill('+1 202 555 0172');
  await other.getByLabel('Date of birth').fill('5/20/1988');
  await other.getByRole('radio', { name: 'Male', exact: true }).check();
  await other.getByLabel(/^Password/).fill(NEW_PATIENT_PASSWORD);
  await other.getByRole('button', { name: 'Create account' }).click();
  await expect(other).toHaveURL(/\/verify-email\?next=/);
  // The confirmation link keeps where they were going: sign-in says the email is confirmed,
  // has the address filled in, and leads back to the invitation.
  await other.goto(linkIn(await waitForMail(partner, /Confirm your email/), 'verify-email'));
  await expect(other).toHaveURL(/\/signin\?next=.*invite.*&confirmed=true/);
  await expect(other.getByRole('status')).toHaveText('Email confirmed. Sign in to continue.');
  await expect(other.getByLabel(/^Email/)).toHaveValue(partner);
  await expectNoAxeViolations(other);
  await shot(other, 'signin-email-confirmed');
  await other.getByLabel(/^Password/).fill(NEW_PATIENT_PASSWORD);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL(String(link));

  // Anywhere else in the portal, the banner offers the invitation first.
  await other.goto('/reports');
  const banner = other.getByRole('region', { name: 'Partner invite' });
  await expect(banner).toContainText(
    `You've been invited to be the partner on ${buyer}'s preconception report`,
  );
  // With no test of their own, joining is their next step, not buying one.
  await expect(
    other.getByRole('heading', { name: "Next: accept your partner's invitation" }),
  ).toBeVisible();
  await expectNoAxeViolations(other);
  await shot(other, 'invite-banner');

  // Accepts through the mailed link.
  await other.goto(String(link));
  await other.getByRole('button', { name: 'Accept invite' }).click();
  await expect(other).toHaveURL('/registered-partner');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(other);
  await shot(other, 'registered-partner');
  await other.goto('/reports');
  await expect(other.getByRole('region', { name: 'Partner invite' })).toHaveCount(0);
  // The mailed link is single use.
  await other.goto(String(link));
  await expect(other.getByRole('alert')).toBeVisible();

  // The partner's survey and terms.
  await other.goto('/health-survey');
  await expect(other).toHaveURL(/\/saliva\/health-survey\/father/);
  await answerAboutYou(other, { cm: '180' }, { kg: '81.5' });
  await expectSaved(other);
  await finishSurvey(other, 'father');
  await acceptTerms(other, false);

  // The kits have not shipped: there is nothing to activate yet, and the page says so.
  await page.goto('/activate');
  await expect(page.getByText(/Your kits have not shipped yet/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate both kits' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, 'activate-before-shipment');
  // The lab ships them.
  const staff = await browser.newContext({ baseURL: base });
  const staffToken = await signInByApi(staff.request, base, 'admin@nestling.health');
  const shipped = await staff.request.post(
    `/api/admin/orders/${kits[0]?.purchaseOrderId ?? ''}/events`,
    {
      headers: { authorization: `Bearer ${staffToken}` },
      data: { stage: 'kit-shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    },
  );
  expect(shipped.status()).toBe(200);
  await staff.close();

  // The couple activates both kits: a typo first, caught by the check character.
  await page.goto('/activate');
  await expect(page.getByRole('heading', { level: 1, name: 'Activate your kit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate both kits' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'activate');
  const motherKit = kitOf('mother');
  const typo = `${motherKit.slice(0, -2)}${motherKit.at(-2) === 'A' ? 'B' : 'A'}${motherKit.slice(-1)}`;
  await page.getByLabel(/^ID on the mother's tube/).fill(typo);
  await page.getByLabel(/^ID on the father's tube/).fill(kitOf('father'));
  await page.getByRole('button', { name: 'Activate both kits' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(/^ID on the mother's tube/).fill(motherKit.toLowerCase());
  await page.getByRole('button', { name: 'Activate both kits' }).click();
  await expect(page).toHaveURL('/activation');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'activation');

  // The journey shows the kits activated and the partner joined.
  await page.goto('/saliva');
  await expect(page.getByText(/Alex/).first()).toBeVisible();
  await shot(page, 'saliva-journey-activated');

  // The lab delivers every report the couple test sells: the joint report to the couple's
  // account, and each partner's individual report to the order their kit names.
  const lab = await browser.newContext({ baseURL: base });
  const labStaff = await signInByApi(lab.request, base, 'staff@demo.test', DEMO_PASSWORD);
  const keyAnswer = await lab.request.post('/api/admin/lab-keys', {
    headers: { authorization: `Bearer ${labStaff}` },
    data: { name: `e2e couple ${buyer}` },
  });
  expect(keyAnswer.status()).toBe(201);
  const { key } = (await keyAnswer.json()) as { key: string };
  const buyerToken = (await tokenIn(page.context())) ?? '';
  const accounts = (
    (await (
      await page.request.get('/api/user?preconception=true', {
        headers: { authorization: `Bearer ${buyerToken}` },
      })
    ).json()) as { accounts: { id: string }[] }
  ).accounts;
  const suffix = randomUUID().slice(0, 8);
  for (const payload of [
    {
      ...jointReport,
      labReportId: `E2E-JOINT-${suffix}`,
      coupleAccountId: accounts[0]?.id,
      individualOrderId: undefined,
    },
    { ...motherReport, labReportId: `E2E-MOTHER-${suffix}`, individualOrderId: kitOf('mother') },
    { ...fatherReport, labReportId: `E2E-FATHER-${suffix}`, individualOrderId: kitOf('father') },
  ]) {
    const delivered = await lab.request.post('/api/lab/reports', {
      headers: { authorization: `Bearer ${key}` },
      data: payload,
    });
    expect(delivered.status(), await delivered.text()).toBe(201);
  }
  await lab.close();

  // Each reads the joint report and their own individual report.
  for (const [reader, name] of [
    [page, 'buyer'],
    [other, 'partner'],
  ] as const) {
    await reader.goto('/reports/joint');
    await expect(reader.getByText(/Version 1 of 1, signed off on/)).toBeVisible();
    if (reader === page) await expectNoAxeViolations(reader);
    await reader.goto('/reports/individual');
    await expect(reader.getByText(/Version 1 of 1, signed off on/)).toBeVisible();
    await expectNoAxeViolations(reader);
    await shot(reader, `individual-report-${name}`);
  }
  await other.context().close();
});

/** Opens each path in turn, waits for its heading and scans it with axe. */
async function scanAll(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await test.step(path, async () => {
      await visit(page, path);
    });
  }
}

test('every onboarding page of a couple whose results are in passes axe', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, baseURL, 'mother@demo.test');
  await scanAll(page, [
    '/saliva',
    '/step-1',
    '/step-2',
    '/results',
    '/mother',
    '/father',
    '/partner',
    '/registered-partner',
    '/support-partner',
    '/review-terms',
    '/activate',
    '/activation',
  ]);
  // A report is issued: the survey is read-only, on its review page.
  await page.goto('/health-survey');
  await expect(page).toHaveURL(/\/saliva\/health-survey\/mother/);
  await expect(page.getByText('Your survey can no longer be changed')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the embryo-testing journey and its survey pass axe', async ({ page, baseURL }) => {
  await signInAs(page, baseURL, 'embryo@demo.test');
  await scanAll(page, ['/pgt', '/pgt/health-survey/father']);
  await expect(page.getByText('This is not your health survey')).toBeVisible();
  await page.goto('/health-survey');
  await expect(page).toHaveURL(/\/pgt\/health-survey\/mother/);
  await expectNoAxeViolations(page);
});

test('before any purchase, the onboarding pages say how to start, and pass axe', async ({
  page,
  baseURL,
  expectedErrors,
}) => {
  test.setTimeout(90_000);
  const email = await newPatient(page.request, String(baseURL), {
    label: 'onboarding-empty',
    firstName: 'Casey',
    lastName: 'Newcomer',
    sex: 'Male',
  });
  await useToken(
    page.context(),
    String(baseURL),
    await signInByApi(page.request, String(baseURL), email, NEW_PATIENT_PASSWORD),
  );
  await scanAll(page, [
    '/saliva',
    '/pgt',
    '/step-1',
    '/step-2',
    '/results',
    '/partner',
    '/activate',
  ]);
  // An invitation link that is not one says so (the browser logs the 404).
  expectedErrors.push(/status of 404/, /GET \/invitations\/\S+ failed with status 404/);
  await visit(page, '/saliva/invite/accept/not-a-real-invitation');
  await expect(page.getByRole('alert')).toBeVisible();
});
