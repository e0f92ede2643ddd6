import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { NOT_WHILE_IMPERSONATING } from '@nestling/shared/contract/auth';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { ProfileSection } from './profile-section.tsx';

beforeEach(() => {
  setAuthToken('test-token');
});

async function setup() {
  const events = userEvent.setup();
  const rendered = await renderWithRouter(<ProfileSection user={makeUser()} />, {
    path: '/account-settings',
  });
  return { events, ...rendered };
}

describe('ProfileSection', () => {
  it('shows the profile read-only to staff impersonating the person, who may not change it', async () => {
    await renderWithRouter(<ProfileSection user={makeUser()} readOnly />, {
      path: '/account-settings',
    });
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Ada');
    expect(screen.getByLabelText(/^First name/)).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Male' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save profile' })).not.toBeInTheDocument();
    expect(screen.getByText(new RegExp(NOT_WHILE_IMPERSONATING))).toBeInTheDocument();
  });

  it('sends the edited profile with PATCH /user/me and says it is saved', async () => {
    const services = await setup();
    const calls = answerRoutes(services, {
      'PATCH /api/user/me': () => Response.json(makeUser({ phone: '+1 555 0199' })),
    });
    const phone = screen.getByLabelText(/^Phone/);
    await services.events.clear(phone);
    await services.events.type(phone, ' +1 555 0199 ');
    await services.events.clear(screen.getByLabelText(/^Date of birth/));
    await services.events.type(screen.getByLabelText(/^Date of birth/), '3/7/1990');
    await services.events.click(screen.getByRole('radio', { name: 'Male' }));
    await services.events.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your profile is up to date.');
    expect(calls.find((call) => call.key === 'PATCH /api/user/me')?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+1 555 0199',
      dob: '3/7/1990',
      sex: 'Male',
    });
  });

  it('shows what is wrong beside each field, sends nothing and keeps the input', async () => {
    const services = await setup();
    const calls = answerRoutes(services, {});
    const dob = screen.getByLabelText(/^Date of birth/);
    await services.events.clear(dob);
    await services.events.type(dob, '02/30/1990');
    const phone = screen.getByLabelText(/^Phone/);
    await services.events.clear(phone);
    await services.events.type(phone, 'call me');
    await services.events.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('February has 28 or 29 days')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(dob).toHaveAccessibleDescription(/February has 28 or 29 days/);
    expect(dob).toHaveValue('02/30/1990');
    expect(phone).toHaveValue('call me');
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const services = await setup();
    answerRoutes(services, {
      'PATCH /api/user/me': () =>
        jsonError(400, 'Invalid request: body.phone: Enter a valid phone number'),
    });
    const first = screen.getByLabelText(/^First name/);
    await services.events.clear(first);
    await services.events.type(first, 'Augusta');
    await services.events.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid phone number');
    await waitFor(() => {
      expect(first).toHaveValue('Augusta');
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
