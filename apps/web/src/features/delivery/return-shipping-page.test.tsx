import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { ReturnShippingPage } from './return-shipping-page.tsx';
import { makeDeliveryKit } from './test-kit.ts';

const user = makeUser();
const delivered = makeDeliveryKit({
  stage: 'kit-delivered',
  editable: false,
  shipment: {
    id: 'e1',
    stage: 'kit-shipped',
    at: '2026-03-03T15:00:00.000Z',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    note: null,
  },
  deliveredAt: '2026-03-05T15:00:00.000Z',
  sampleReceivedAt: null,
  returnLabelAvailable: true,
  returnLabelDocumentId: 'return-label-NK-7QX49HZ2K-u1',
  returnShipment: {
    carrier: 'UPS',
    service: 'Ground',
    trackingNumber: 'TESTNK7QX49HZ2K',
    trackingUrl: 'https://www.ups.com/track?tracknum=TESTNK7QX49HZ2K',
    postage: '0.00',
    currency: 'usd',
    test: true,
    status: 'label-created',
    statusAt: '2026-03-06T15:00:00.000Z',
  },
});

async function setup(handlers: Record<string, RouteHandler>) {
  setAuthToken('patient-token');
  const services = createTestServices({ user });
  answerRoutes(services, handlers);
  return renderWithRouter(<ReturnShippingPage />, { path: '/return-shipping', user, services });
}

describe('the return shipping page', () => {
  it('shows the test label’s carrier, tracking link, postage and where UPS takes parcels, marked Test label', async () => {
    const { container } = await setup({
      'GET /api/deliveries': () => Response.json({ kits: [delivered] }),
    });
    const card = await screen.findByRole('region', { name: 'Your kit, order NS-10001' });
    expect(card).toHaveTextContent('CarrierUPS Ground');
    expect(within(card).getAllByText('Test label').length).toBeGreaterThan(0);
    expect(within(card).getByRole('link', { name: /TESTNK7QX49HZ2K/ })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=TESTNK7QX49HZ2K',
    );
    expect(card).toHaveTextContent('None: this is a test label, not valid for postage');
    expect(card).toHaveTextContent('UPS Store or UPS Access Point');
    // The kit came by UPS: nothing sends the person to a post office.
    expect(document.body).not.toHaveTextContent(/post office/i);
    await expectNoAxeViolations(container);
  });

  it('says a real label’s postage is prepaid, and where the sample is on its way', async () => {
    await setup({
      'GET /api/deliveries': () =>
        Response.json({
          kits: [
            {
              ...delivered,
              stage: 'kit-activated',
              returnShipment: {
                ...delivered.returnShipment,
                trackingNumber: '1ZE6A4850190733810',
                trackingUrl: 'https://www.ups.com/track?tracknum=1ZE6A4850190733810',
                postage: '9.45',
                test: false,
                status: 'in-transit',
                statusAt: '2026-03-07T15:00:00.000Z',
              },
            },
          ],
        }),
    });
    const card = await screen.findByRole('region', { name: 'Your kit, order NS-10001' });
    expect(card).toHaveTextContent('Prepaid by the lab ($9.45): you pay nothing');
    expect(card).toHaveTextContent('Sample on its way to the lab with UPS since 3/7/2026.');
    expect(within(card).queryByText('Test label')).toBeNull();
  });
});
