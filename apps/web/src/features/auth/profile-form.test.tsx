import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { ProfileForm } from './profile-form.tsx';

async function setup(user = makeUser({ phone: null, sex: 'F' }), next?: string) {
  setAuthToken('test-token');
  const events = userEvent.setup();
  const rendered = await renderWithRouter(<ProfileForm user={user} next={next} />, {
    path: '/signup/step-1',
  });
  return { events, ...rendered };
}

describe('ProfileForm', () => {
  it('is prefilled from the current user', async () => {
    await setup();
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Ada');
    expect(screen.getByLabelText(/^Last name/)).toHaveValue('Lovelace');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('');
    expect(screen.getByLabelText(/^Date of birth/)).toHaveValue('12/10/1990');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
  });

  it('shows the required-field messages and sends nothing', async () => {
    const { events, fetch } = await setup(
      makeUser({ name: { First: null, Last: null }, phone: null, sex: null }),
    );
    await events.clear(screen.getByLabelText(/^Date of birth/));
    await events.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Enter your last name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Enter your date of birth as MM/DD/YYYY')).toBeInTheDocument();
    expect(screen.getByText('Choose Male or Female')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's error and keeps the values", async () => {
    const services = await setup();
    answerRoutes(services, {
      'PATCH /api/user/me': () =>
        jsonError(400, 'Invalid request: body.phone: Enter a valid phone number'),
    });
    await services.events.type(screen.getByLabelText(/^Phone/), '555 0100 99');
    await services.events.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('body.phone: Enter a valid phone');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('555 0100 99');
  });

  it('saves the profile with PATCH /user/me on the access token and continues to next', async () => {
    const services = await setup(undefined, '/reports');
    const calls = answerRoutes(services, {
      'PATCH /api/user/me': () => Response.json(makeUser({ phone: '555 0100 99' })),
    });
    await services.events.type(screen.getByLabelText(/^Phone/), ' 555 0100 99 ');
    await services.events.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => {
      expect(services.router.state.location.href).toBe('/reports');
    });
    const patch = calls.find((call) => call.key === 'PATCH /api/user/me');
    expect(patch?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '555 0100 99',
      dob: '12/10/1990',
      sex: 'Female',
    });
    const [, init] = services.fetch.mock.calls.find(([, call]) => call?.method === 'PATCH') ?? [];
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer test-token',
    });
  });
});
