import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { NEW_PATIENT_PASSWORD, newPatient, signInAs, signInByApi, useToken } from './accounts.ts';
import { expect, expectNoAxeViolations, test, visit } from './fixtures.ts';
import { waitForMail } from './mail.ts';

/*
 * Genetic counseling appointments (ADR 019): a staff member adds a counselor and their weekly
 * hours; a new patient books a time, moves it and cancels it, and each step's mail carries the
 * calendar invitation. Booking goes through the confirm step (phone or video, a note)
 * and the counselor is mailed too. Each state is scanned with axe once; screenshots at both
 * widths.
 */

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The calendar file attached to the mail. */
function calendarOf(mail: { attachments: { filename?: string; content: Buffer }[] }): string {
  const file = mail.attachments.find((attachment) => attachment.filename?.endsWith('.ics'));
  expect(file, 'an .ics attachment').toBeDefined();
  return file?.content.toString('utf8') ?? '';
}

test('staff add a counselor’s hours; a patient books, moves and cancels, with the invitation mailed each time', async ({
  page,
  baseURL,
}) => {
  const counselor = `Dana ${randomUUID().slice(0, 6)}`;

  // Staff: a counselor in UTC with hours every day, so that the test finds times any day.
  await signInAs(page, baseURL, 'admin@nestling.health');
  await visit(page, '/admin?tab=counselors');
  const form = page.getByRole('form', { name: 'Add a counselor' });
  await form.getByLabel(/^Name/).fill(counselor);
  await form.getByLabel(/^Email/).fill(`${counselor.replace(' ', '.').toLowerCase()}@lab.test`);
  await form.getByLabel(/^Short bio/).fill('Board-certified genetic counselor.');
  await form.getByLabel(/^Time zone/).fill('UTC');
  await form.getByRole('button', { name: 'Add counselor' }).click();
  const card = page.getByRole('region', { name: counselor });
  await card.getByRole('button', { name: 'Edit hours' }).click();
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    await card.getByRole('button', { name: 'Add a period' }).click();
    const period = card.getByRole('group', { name: `Period ${String(weekday)}` });
    await period.getByLabel('Weekday').selectOption(String(weekday));
    await period.getByLabel('To').fill('17:00');
  }
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Save hours' }).click();
  await expect(card.getByText('Sunday 09:00–17:00, 30-minute slots')).toBeVisible();
  await shot(page, 'admin-counselors');

  // A new patient.
  await page.context().clearCookies();
  const email = await newPatient(page.context().request, String(baseURL), {
    label: 'appointments',
    firstName: 'Ava',
    lastName: 'Booker',
  });
  const token = await signInByApi(
    page.context().request,
    String(baseURL),
    email,
    NEW_PATIENT_PASSWORD,
  );
  await useToken(page.context(), String(baseURL), token);
  await visit(page, '/schedule-appointment');
  await expect(page.getByText('You have no upcoming appointments.')).toBeVisible();
  // The chosen day's free times: a group named by its day ('Tuesday, March 3').
  const dayTimes = page.getByRole('group', { name: /^\w+day, \w+ \d+$/ });
  await expect(page.getByRole('group', { name: 'Days with free times' })).toBeVisible();
  // Other tests' counselors may be there too: choose ours.
  const choice = page.getByRole('combobox', { name: 'Counselor' });
  if ((await choice.count()) > 0) await choice.selectOption({ label: counselor });

  // Choosing a time opens the confirm step; nothing is booked yet.
  await dayTimes.getByRole('button').first().click();
  const step = page.getByRole('region', { name: 'Confirm your appointment' });
  await expect(step).toBeVisible();
  await expect(step.getByRole('heading', { name: 'Confirm your appointment' })).toBeFocused();
  await expect(step.getByText(new RegExp(`with ${counselor}$`))).toBeVisible();
  const phone = step.getByRole('textbox', { name: /^Phone number/ });
  await phone.fill('555-12');
  await step.getByRole('button', { name: 'Book this time' }).click();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toBeFocused();
  await expectNoAxeViolations(page);
  await shot(page, 'appointment-confirm-step');
  await step.getByRole('radio', { name: /^Video visit/ }).check();
  await step
    .getByRole('textbox', { name: /^Note for your counselor/ })
    .fill('I would like to talk about what my results mean for us.');
  await step.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('status')).toContainText('Booked for');
  await expect(page.getByText(`With ${counselor}`)).toBeVisible();
  const join = page.getByRole('link', { name: 'Join the video visit' });
  await expect(join).toHaveAttribute('href', /^https:\/\/meet\.e2e\.test\/visit-[0-9a-f]{32}$/);
  const joinUrl = (await join.getAttribute('href')) ?? '';
  await expectNoAxeViolations(page);
  await shot(page, 'appointment-booked');
  const bookedMail = await waitForMail(email, /appointment is booked/);
  expect(bookedMail.text).toContain(joinUrl);
  const booked = calendarOf(bookedMail);
  expect(booked).toContain('METHOD:REQUEST');
  expect(booked).toContain('SEQUENCE:0');
  // The counselor is told, with the calendar file and the link, but not the note.
  const counselorAddress = `${counselor.replace(' ', '.').toLowerCase()}@lab.test`;
  const counselorMail = await waitForMail(counselorAddress, /New counseling appointment/);
  expect(counselorMail.text).toContain(joinUrl);
  expect(counselorMail.text).not.toContain('what my results mean');
  expect(calendarOf(counselorMail).match(/UID:(.+)/)?.[1]).toBe(booked.match(/UID:(.+)/)?.[1]);

  // Move it to the second free time.
  await page.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByRole('heading', { name: /^Choose a new time for / })).toBeVisible();
  await expect(dayTimes).toBeVisible();
  if ((await choice.count()) > 0) await choice.selectOption({ label: counselor });
  // Any free time: the booked one is no longer offered.
  await dayTimes.getByRole('button').last().click();
  // The visit keeps how it happens: video is chosen already.
  const moveStep = page.getByRole('region', { name: 'Confirm the new time' });
  await expect(moveStep.getByRole('radio', { name: /^Video visit/ })).toBeChecked();
  await moveStep.getByRole('button', { name: 'Move to this time' }).click();
  await expect(page.getByRole('status')).toContainText('Moved to');
  await expect(page.getByRole('link', { name: 'Join the video visit' })).toHaveAttribute(
    'href',
    joinUrl,
  );
  const moved = calendarOf(await waitForMail(email, /appointment has moved/));
  expect(moved).toContain('SEQUENCE:1');
  expect(moved.match(/UID:(.+)/)?.[1]).toBe(booked.match(/UID:(.+)/)?.[1]);

  // Cancel it.
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('status')).toContainText('is canceled');
  await expect(page.getByText('You have no upcoming appointments.')).toBeVisible();
  const canceled = calendarOf(await waitForMail(email, /appointment is canceled/));
  expect(canceled).toContain('METHOD:CANCEL');
  expect(canceled).toContain('STATUS:CANCELLED');
  await shot(page, 'appointment-canceled');
});
