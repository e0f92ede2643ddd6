import {
  PASSWORD_CHANGED_MESSAGE,
  WRONG_CURRENT_PASSWORD,
} from '@nestling/shared/contract/account';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getAuthToken, setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { PASSWORD_CHANGED_TEXT, PasswordSection } from './password-section.tsx';

beforeEach(() => {
  setAuthToken('old-token');
});

async function setup() {
  const events = userEvent.setup();
  const rendered = await renderWithRouter(<PasswordSection email=" ada@demo.test " />, {
    path: '/account-settings',
  });
  const fill = async (current: string, next: string, confirm = next) => {
    for (const [label, value] of [
      [/^Current password/, current],
      [/^New password/, next],
      [/^Confirm new password/, confirm],
    ] as const) {
      if (value !== '') await events.type(screen.getByLabelText(label), value);
    }
    await events.click(screen.getByRole('button', { name: 'Change password' }));
  };
  return { events, fill, ...rendered };
}

describe('PasswordSection', () => {
  it('changes the password, then signs in again with it and keeps the new token', async () => {
    const services = await setup();
    const calls = answerRoutes(services, {
      'POST /api/user/password/change': () => Response.json({ message: PASSWORD_CHANGED_MESSAGE }),
      'POST /api/auth/sign-in/email': () => Response.json({ redirect: false }),
      'POST /api/user/token': () => Response.json({ token: 'new-token', expiresAt: 2_000_000_000 }),
    });
    await services.fill('old passphrase', 'a brand new passphrase');

    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_CHANGED_TEXT);
    expect(calls.map((call) => call.key).slice(0, 3)).toEqual([
      'POST /api/user/password/change',
      'POST /api/auth/sign-in/email',
      'POST /api/user/token',
    ]);
    expect(calls[0]?.body).toEqual({
      currentPassword: 'old passphrase',
      newPassword: 'a brand new passphrase',
    });
    expect(calls[1]?.body).toEqual({
      email: 'ada@demo.test',
      password: 'a brand new passphrase',
    });
    expect(getAuthToken()).toBe('new-token');
    // A fresh form: the passwords are not kept.
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('checks the new password as typed and sends nothing until it is right', async () => {
    const services = await setup();
    const calls = answerRoutes(services, {});
    await services.fill('', 'short', 'shorter');
    expect(await screen.findByText('Enter your current password')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The two passwords are not the same')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says when the current password is wrong, and keeps every field', async () => {
    const services = await setup();
    const calls = answerRoutes(services, {
      'POST /api/user/password/change': () => jsonError(400, WRONG_CURRENT_PASSWORD),
    });
    await services.fill('not it', 'a brand new passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CURRENT_PASSWORD);
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('not it');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('a brand new passphrase');
    expect(calls.map((call) => call.key)).toEqual(['POST /api/user/password/change']);
    expect(getAuthToken()).toBe('old-token');
  });

  it('shows the server refusal while impersonating in its own words', async () => {
    const services = await setup();
    const refusal = 'This change can only be made by the account holder, not while impersonating.';
    answerRoutes(services, { 'POST /api/user/password/change': () => jsonError(403, refusal) });
    await services.fill('old passphrase', 'a brand new passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(services.navigate).not.toHaveBeenCalled();
  });

  it('leads to sign-in when signing in again does not work', async () => {
    const services = await setup();
    answerRoutes(services, {
      'POST /api/user/password/change': () => Response.json({ message: PASSWORD_CHANGED_MESSAGE }),
      'POST /api/auth/sign-in/email': () => jsonError(500, 'Internal Server Error'),
    });
    await services.fill('old passphrase', 'a brand new passphrase');
    expect(await screen.findByRole('status')).toHaveTextContent('this one too');
    expect(screen.getByRole('link', { name: 'Sign in with your new password' })).toHaveAttribute(
      'href',
      '/signin?next=%2Faccount-settings',
    );
  });
});
