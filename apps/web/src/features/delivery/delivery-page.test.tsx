import { addressLockedMessage } from '@nestling/shared/contract/kits';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, jsonError, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { DeliveryPage } from './delivery-page.tsx';
import { makeDeliveryKit } from './test-kit.ts';

const user = makeUser();
const kit = makeDeliveryKit();

async function setup(handlers: Record<string, RouteHandler>) {
  setAuthToken('patient-token');
  const services = createTestServices({ user });
  const calls = answerRoutes(services, handlers);
  const rendered = await renderWithRouter(<DeliveryPage />, { path: '/delivery', user, services });
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('the delivery page', () => {
  it('keeps what was typed when the server refuses, with the message at its field', async () => {
    const {
      calls,
      user: person,
      container,
    } = await setup({
      'GET /api/deliveries': () => Response.json({ kits: [kit] }),
      'PUT /api/kits/NK-7QX49HZ2K/address': () =>
        jsonError(400, 'Invalid request: body.city: Enter the city'),
    });
    const card = await screen.findByRole('region', { name: 'Your kit, order NS-10001' });
    await person.click(within(card).getByRole('button', { name: /^Change the address/ }));
    await person.clear(within(card).getByLabelText(/^Street address/));
    await person.type(within(card).getByLabelText(/^Street address/), '20 Elm Road');
    await person.selectOptions(within(card).getByLabelText(/^State/), 'OR');
    await person.clear(within(card).getByLabelText(/^ZIP code/));
    await person.type(within(card).getByLabelText(/^ZIP code/), '97201-1234');
    await person.click(within(card).getByRole('button', { name: 'Save address' }));

    expect(await within(card).findByText('Enter the city')).toBeInTheDocument();
    expect(within(card).getByLabelText(/^Street address/)).toHaveValue('20 Elm Road');
    expect(within(card).getByLabelText(/^ZIP code/)).toHaveValue('97201-1234');
    expect(calls.find((call) => call.key.startsWith('PUT'))?.body).toEqual({
      name: 'Bea Buyer',
      line1: '20 Elm Road',
      city: 'Springfield',
      state: 'OR',
      zip: '97201-1234',
    });
    await expectNoAxeViolations(container);
  });

  it('says why a shipped kit’s address is fixed, and shows the 409 when it shipped meanwhile', async () => {
    const message = addressLockedMessage('support@nestling.health');
    const { user: person } = await setup({
      'GET /api/deliveries': () => Response.json({ kits: [kit] }),
      'PUT /api/kits/NK-7QX49HZ2K/address': () => jsonError(409, message),
    });
    const card = await screen.findByRole('region', { name: 'Your kit, order NS-10001' });
    await person.click(within(card).getByRole('button', { name: /^Change the address/ }));
    await person.click(within(card).getByRole('button', { name: 'Save address' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(message);
  });

  it('shows a shipped kit read-only with the tracking link', async () => {
    await setup({
      'GET /api/deliveries': () =>
        Response.json({
          kits: [
            {
              ...kit,
              stage: 'kit-shipped',
              editable: false,
              shipment: {
                id: 'e1',
                stage: 'kit-shipped',
                at: '2026-03-03T15:00:00.000Z',
                carrier: 'USPS',
                trackingNumber: '9400100000',
                trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000',
                note: null,
              },
            },
          ],
        }),
    });
    const card = await screen.findByRole('region', { name: 'Your kit, order NS-10001' });
    expect(within(card).queryByRole('button', { name: /^Change the address/ })).toBeNull();
    expect(card).toHaveTextContent('This kit has already shipped');
    expect(within(card).getByRole('link', { name: /Track the parcel with USPS/ })).toHaveAttribute(
      'href',
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000',
    );
  });
});
