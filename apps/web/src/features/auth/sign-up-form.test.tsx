import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { SEX_HINT } from './profile-fields.tsx';
import { SignUpForm } from './sign-up-form.tsx';

async function setup(next?: string) {
  const user = userEvent.setup();
  const rendered = await renderWithRouter(<SignUpForm next={next} />, { path: '/signup' });
  return { user, ...rendered };
}

async function fillIn(user: UserEvent) {
  await user.type(screen.getByLabelText(/^Email/), ' grace@demo.test ');
  await user.type(screen.getByLabelText(/^First name/), 'Grace');
  await user.type(screen.getByLabelText(/^Last name/), 'Hopper');
  await user.type(screen.getByLabelText(/^Phone/), '+1 555 0101');
  await user.type(screen.getByLabelText(/^Date of birth/), '3/7/1990');
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await user.type(screen.getByLabelText(/^Password/), 'long enough');
}

describe('SignUpForm', () => {
  it('says why it asks for sex, in a hint read with the question', async () => {
    await setup();
    const sex = screen.getByRole('radiogroup', { name: /^Sex/ });
    expect(sex).toHaveAccessibleDescription(SEX_HINT);
    expect(SEX_HINT).toMatch(/^Why we ask: .*X and Y chromosomes.*If you are not sure, choose/);
  });

  it('has the same show-password button as sign-in', async () => {
    const { user } = await setup();
    const password = screen.getByLabelText(/^Password/);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('shows every required-field message on submit and sends nothing', async () => {
    const { user, fetch } = await setup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    for (const message of [
      'Enter a valid email address',
      'Enter your first name',
      'Enter your last name',
      'Enter a valid phone number',
      'Enter your date of birth as MM/DD/YYYY',
      'Choose Male or Female',
      'Use at least 8 characters',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the email and the date of birth on blur', async () => {
    const { user } = await setup();
    await user.type(screen.getByLabelText(/^Email/), 'grace@');
    await user.tab();
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Date of birth/), '02/30/1990');
    await user.tab();
    // Says what is wrong, not only the format.
    expect(await screen.findByText('February has 28 or 29 days')).toBeInTheDocument();
  });

  it('refuses a child at the field, as the terms require 18 or over', async () => {
    const { user } = await setup();
    const eleven = new Date().getFullYear() - 11;
    await user.type(screen.getByLabelText(/^Date of birth/), `3/14/${String(eleven)}`);
    await user.tab();
    expect(
      await screen.findByText('You must be at least 18 years old to use this portal'),
    ).toBeInTheDocument();
  });

  it("shows the server's error and keeps every value", async () => {
    const services = await setup();
    answerRoutes(services, {
      'POST /api/auth/sign-up/email': () =>
        jsonError(400, 'This password is too common. Please choose a less predictable one.'),
    });
    await fillIn(services.user);
    await services.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password is too common. Please choose a less predictable one.',
    );
    // An email input drops surrounding spaces from its value (HTML value sanitisation).
    expect(screen.getByLabelText(/^Email/)).toHaveValue('grace@demo.test');
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Grace');
    expect(screen.getByLabelText(/^Last name/)).toHaveValue('Hopper');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('+1 555 0101');
    expect(screen.getByLabelText(/^Date of birth/)).toHaveValue('3/7/1990');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(screen.getByLabelText(/^Password/)).toHaveValue('long enough');
  });

  it('creates the account with trimmed values, signs no one in and goes to /verify-email with next', async () => {
    const services = await setup('/reports');
    const calls = answerRoutes(services, {
      'POST /api/auth/sign-up/email': () =>
        Response.json({ message: 'We have sent a mail to this address.' }),
    });
    await fillIn(services.user);
    await services.user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => {
      expect(services.router.state.location.href).toBe('/verify-email?next=%2Freports');
    });
    expect(calls[0]?.body).toEqual({
      email: 'grace@demo.test',
      password: 'long enough',
      name: 'Grace Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 555 0101',
      sex: 'Female',
      birthMonth: 3,
      birthDay: 7,
      birthYear: 1990,
      // Where the person was going: the mailed confirmation link brings them back there.
      next: '/reports',
    });
    expect(calls).toHaveLength(1);
    expect(getAuthToken()).toBeUndefined();
  });
});
