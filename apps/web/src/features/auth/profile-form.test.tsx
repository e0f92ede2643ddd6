import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { ProfileForm } from './profile-form.tsx';

async function setup(user = makeUser({ phone: null, sex: 'F' }), next?: string) {
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
      'POST /api/auth/update-user': () => jsonError(400, 'Phone number is not allowed'),
    });
    await services.events.type(screen.getByLabelText(/^Phone/), '555 0100 99');
    await services.events.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Phone number is not allowed');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('555 0100 99');
  });

  it('saves the profile and continues to next', async () => {
    const services = await setup(undefined, '/reports');
    const calls = answerRoutes(services, {
      'POST /api/auth/update-user': () => Response.json({ status: true }),
    });
    await services.events.type(screen.getByLabelText(/^Phone/), ' 555 0100 99 ');
    await services.events.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => {
      expect(services.router.state.location.href).toBe('/reports');
    });
    expect(calls[0]?.body).toMatchObject({
      firstName: 'Ada',
      phone: '555 0100 99',
      sex: 'Female',
      birthMonth: 12,
      birthDay: 10,
      birthYear: 1990,
    });
  });
});
