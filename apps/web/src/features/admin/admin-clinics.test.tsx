import {
  ZIP_UNKNOWN_MESSAGE,
  type AdminClinic,
  type ClinicInput,
} from '@nestling/shared/contract/clinics';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { AdminClinics } from './admin-clinics.tsx';

const staff = makeUser({ isAdminUser: true, email: 'staff@demo.test' });

/** A fake server that cannot place the ZIP 00000, as the real one cannot. */
async function setup() {
  setAuthToken('staff-token');
  const services = createTestServices({ user: staff });
  const clinics: AdminClinic[] = [];
  const calls = answerRoutes(services, {
    'GET /api/admin/clinics': () => Response.json({ clinics }),
    'POST /api/admin/clinics': (body) => {
      const input = body as ClinicInput;
      if (input.zip === '00000') {
        return jsonError(400, `Invalid request: body.zip: ${ZIP_UNKNOWN_MESSAGE}`);
      }
      const added: AdminClinic = {
        id: 'clinic-1',
        name: input.name,
        addressLine1: input.addressLine1,
        addressLine2: input.addressLine2 ?? null,
        city: input.city,
        state: input.state,
        zip: input.zip,
        phone: input.phone,
        website: input.website ?? null,
        resultsEmail: input.resultsEmail ?? null,
        latitude: 46.59,
        longitude: -112.04,
        active: input.active,
        receivesReports: input.resultsEmail != null,
      };
      clinics.push(added);
      return Response.json(added);
    },
  });
  const rendered = await renderWithRouter(<AdminClinics />, {
    path: '/admin?tab=clinics',
    user: staff,
    services,
  });
  return { ...rendered, calls, person: userEvent.setup() };
}

describe('the clinics tab', () => {
  it('adds a clinic: checked before sending, a ZIP the server cannot place refused at the field', async () => {
    const { calls, person, container } = await setup();
    const form = await screen.findByRole('form', { name: 'Add a clinic' });
    await person.click(within(form).getByRole('button', { name: 'Add clinic' }));
    expect(within(form).getByLabelText(/^Name/)).toHaveAccessibleDescription(
      'Enter the clinic’s name',
    );
    expect(within(form).getByLabelText(/^State/)).toHaveAccessibleDescription('Choose a state');
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);
    await expectNoAxeViolations(container);

    await person.type(within(form).getByLabelText(/^Name/), 'Big Sky Fertility');
    await person.type(within(form).getByLabelText(/^Street address/), '40 N Last Chance Gulch');
    await person.type(within(form).getByLabelText(/^City/), 'Helena');
    await person.selectOptions(within(form).getByLabelText(/^State/), 'MT');
    await person.type(within(form).getByLabelText(/^ZIP code/), '00000');
    await person.type(within(form).getByLabelText(/^Phone/), '(406) 555-0110');
    await person.click(within(form).getByRole('button', { name: 'Add clinic' }));
    await waitFor(() => {
      expect(within(form).getByLabelText(/^ZIP code/)).toHaveAccessibleDescription(
        ZIP_UNKNOWN_MESSAGE,
      );
    });
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Big Sky Fertility');

    await person.clear(within(form).getByLabelText(/^ZIP code/));
    await person.type(within(form).getByLabelText(/^ZIP code/), '59601');
    await person.click(within(form).getByRole('button', { name: 'Add clinic' }));
    expect(await screen.findByRole('region', { name: 'Big Sky Fertility' })).toHaveTextContent(
      'Receives no shared reports',
    );
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('');
  });
});
