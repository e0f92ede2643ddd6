import type { AdminOrder } from '@nestling/shared/contract/order-tracker';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, jsonError, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { makeOrder, products, shippedOrder } from '../orders/test-orders.ts';
import { AdminPage, type AdminTab } from './admin-page.tsx';

const admin = makeUser({ id: 'demo-admin', email: 'admin@nestling.health', isAdminUser: true });
const buyer = { id: 'buyer-1', email: 'ada@demo.test', name: 'Ada Lovelace' };

function adminOrder(order = makeOrder()): AdminOrder {
  return { ...order, buyer, provider: 'test' };
}

async function setup(tab: AdminTab, routes: Record<string, RouteHandler>) {
  setAuthToken('admin-token');
  const services = createTestServices({ user: admin });
  const calls = answerRoutes(services, routes);
  const rendered = await renderWithRouter(<AdminPage tab={tab} />, {
    path: '/admin',
    user: admin,
    services,
  });
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('admin orders', () => {
  it('finds orders by number, kit id or email and stage, and shows each one’s stage', async () => {
    const { calls, user, container } = await setup('orders', {
      'GET /api/admin/orders': () =>
        Response.json({
          orders: [adminOrder(), adminOrder(shippedOrder({ id: 'o2', number: 'NS-10043' }))],
        }),
    });
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('row', { name: /NS-10043/ })).toHaveTextContent('Kit shipped');
    await user.type(screen.getByLabelText('Search by order number, kit id or email'), ' NS-10042 ');
    await user.selectOptions(screen.getByLabelText('Stage'), 'Ordered');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(calls.at(-1)?.url.search).toBe('?q=NS-10042&stage=ordered');
    });
    await expectNoAxeViolations(container);
  });

  it('records a shipment: both fields are needed, then carrier and number are sent', async () => {
    let order = adminOrder();
    const { calls, user, container } = await setup('orders', {
      'GET /api/admin/orders': () => Response.json({ orders: [order] }),
      'POST /api/admin/orders/order-1/events': (body) => {
        order = adminOrder(shippedOrder());
        expect(body).toEqual({
          stage: 'kit-shipped',
          carrier: 'USPS',
          trackingNumber: '9400 1118',
        });
        return Response.json(order);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Manage order NS-10042' }));
    const manager = screen.getByRole('region', { name: 'Order NS-10042' });
    expect(screen.getByRole('heading', { name: 'Order NS-10042' })).toHaveFocus();
    const form = within(manager).getByRole('form', { name: 'Record a shipment' });
    await user.click(within(form).getByRole('button', { name: 'Record shipment' }));
    expect(within(form).getByLabelText(/^Carrier/)).toHaveAccessibleDescription('Choose a carrier');
    expect(within(form).getByLabelText(/^Tracking number/)).toHaveAccessibleDescription(
      'Enter the tracking number',
    );
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);
    await expectNoAxeViolations(container);

    await user.selectOptions(within(form).getByLabelText(/^Carrier/), 'USPS');
    await user.type(within(form).getByLabelText(/^Tracking number/), '9400 1118');
    await user.click(within(form).getByRole('button', { name: 'Record shipment' }));
    await waitFor(() => {
      expect(within(manager).getByText('Kit shipped')).toBeInTheDocument();
    });
    expect(within(manager).queryByRole('form', { name: 'Record a shipment' })).toBeNull();
    expect(within(manager).getByRole('status')).toHaveTextContent(
      'Shipment recorded. The patient gets an email with the tracking number.',
    );
    // Once shipped, no refund here.
    expect(within(manager).queryByRole('button', { name: 'Refund order' })).toBeNull();
    expect(manager).toHaveTextContent('Refund it in the payment provider');
  });

  it('keeps an order open when the change moves it out of the filtered list', async () => {
    let order = adminOrder();
    const { user } = await setup('orders', {
      'GET /api/admin/orders': (_body, url) =>
        Response.json({
          orders:
            url.searchParams.get('stage') === order.stage || !url.searchParams.has('stage')
              ? [order]
              : [],
        }),
      'POST /api/admin/orders/order-1/events': () => {
        order = adminOrder(shippedOrder());
        return Response.json(order);
      },
    });
    await user.selectOptions(await screen.findByLabelText('Stage'), 'Ordered');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Manage order NS-10042' }));
    await user.selectOptions(screen.getByLabelText(/^Carrier/), 'FedEx');
    await user.type(screen.getByLabelText(/^Tracking number/), '123456789012');
    await user.click(screen.getByRole('button', { name: 'Record shipment' }));
    expect(await screen.findByText('No orders match.')).toBeInTheDocument();
    const manager = screen.getByRole('region', { name: 'Order NS-10042' });
    expect(within(manager).getByRole('status')).toHaveTextContent('Shipment recorded');
    expect(manager).toHaveTextContent('StageKit shipped');
  });

  it('shows the server’s refusal of a tracking number at the field', async () => {
    const { user } = await setup('orders', {
      'GET /api/admin/orders': () => Response.json({ orders: [adminOrder()] }),
      'POST /api/admin/orders/order-1/events': () =>
        jsonError(
          400,
          'Invalid request: body.trackingNumber: A tracking number has only letters and digits',
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Manage order NS-10042' }));
    await user.selectOptions(screen.getByLabelText(/^Carrier/), 'UPS');
    await user.type(screen.getByLabelText(/^Tracking number/), '1Z99 99');
    await user.click(screen.getByRole('button', { name: 'Record shipment' }));
    await waitFor(() => {
      expect(screen.getByLabelText(/^Tracking number/)).toHaveAccessibleDescription(
        'A tracking number has only letters and digits',
      );
    });
  });

  it('moves a shipped order on, and a correction back asks why', async () => {
    const { calls, user } = await setup('orders', {
      'GET /api/admin/orders': () => Response.json({ orders: [adminOrder(shippedOrder())] }),
      'POST /api/admin/orders/order-1/events': () => Response.json(adminOrder(shippedOrder())),
    });
    await user.click(await screen.findByRole('button', { name: 'Manage order NS-10042' }));
    await user.click(screen.getByRole('button', { name: 'Move to Kit delivered' }));
    await waitFor(() => {
      expect(calls.find((call) => call.key.startsWith('POST'))?.body).toEqual({
        stage: 'kit-delivered',
      });
    });

    const correction = screen.getByRole('form', { name: 'Correct the tracker' });
    await user.click(within(correction).getByRole('button', { name: 'Correct the tracker' }));
    expect(within(correction).getByLabelText(/^Why/)).toHaveAccessibleDescription(
      /Say why the tracker goes back a stage/,
    );
    await user.type(within(correction).getByLabelText(/^Why/), 'Parcel came back');
    await user.click(within(correction).getByRole('button', { name: 'Correct the tracker' }));
    await waitFor(() => {
      expect(calls.filter((call) => call.key.startsWith('POST')).at(-1)?.body).toEqual({
        stage: 'ordered',
        note: 'Parcel came back',
      });
    });
  });

  it('refunds before shipping only after a confirmation', async () => {
    const { calls, user } = await setup('orders', {
      'GET /api/admin/orders': () => Response.json({ orders: [adminOrder()] }),
      'POST /api/admin/orders/order-1/refund': () =>
        Response.json(adminOrder(makeOrder({ status: 'refunded' }))),
    });
    await user.click(await screen.findByRole('button', { name: 'Manage order NS-10042' }));
    await user.click(screen.getByRole('button', { name: 'Refund order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order NS-10042?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(calls.some((call) => call.key.endsWith('/refund'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Refund order' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund $499.00' }),
    );
    await waitFor(() => {
      expect(calls.some((call) => call.key === 'POST /api/admin/orders/order-1/refund')).toBe(true);
    });
  });

  it('exports the list as CSV with the same filters', async () => {
    const createObjectURL = vi.fn(() => 'blob:orders');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const { calls, user } = await setup('orders', {
      'GET /api/admin/orders': () => Response.json({ orders: [adminOrder()] }),
      'GET /api/admin/orders.csv': () =>
        new Response('number\nNS-10042\n', { headers: { 'content-type': 'text/csv' } }),
    });
    await user.type(await screen.findByLabelText('Search by order number, kit id or email'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => {
      expect(click).toHaveBeenCalled();
    });
    expect(calls.find((call) => call.key === 'GET /api/admin/orders.csv')?.url.search).toBe(
      '?q=ada',
    );
  });
});

describe('admin products', () => {
  it('checks each field, then sends the price in cents and the included items one per line', async () => {
    const { calls, user, container } = await setup('products', {
      'GET /api/products': () => Response.json({ products }),
      'PUT /api/admin/products/individual': (body) =>
        Response.json({ ...products[2], ...(body as object) }),
    });
    const form = await screen.findByRole('form', {
      name: 'Nestling Carrier Screening - Individual',
    });
    expect(screen.getByText(/past orders keep the price they were sold at/)).toBeInTheDocument();
    const price = within(form).getByLabelText(/^Price in US dollars/);
    expect(price).toHaveValue('499.00');
    await user.clear(price);
    await user.type(price, '4.999');
    await user.clear(within(form).getByLabelText(/^Description/));
    await user.clear(within(form).getByLabelText(/^Turnaround in days/));
    await user.type(within(form).getByLabelText(/^Turnaround in days/), '0');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(price).toHaveAccessibleDescription('Enter the price in dollars, like 499 or 499.00');
    expect(within(form).getByLabelText(/^Description/)).toHaveAccessibleDescription(
      'Describe the test',
    );
    expect(within(form).getByLabelText(/^Turnaround in days/)).toHaveAccessibleDescription(
      /Give at least 1 day/,
    );
    expect(calls.some((call) => call.key.startsWith('PUT'))).toBe(false);
    await expectNoAxeViolations(container);

    await user.clear(price);
    await user.type(price, '1,299.5');
    await user.type(within(form).getByLabelText(/^Description/), 'One saliva kit.');
    await user.clear(within(form).getByLabelText(/^What the test includes/));
    await user.type(
      within(form).getByLabelText(/^What the test includes/),
      'Kit{Enter}{Enter} Counseling ',
    );
    await user.clear(within(form).getByLabelText(/^Turnaround in days/));
    await user.type(within(form).getByLabelText(/^Turnaround in days/), '14');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(calls.find((call) => call.key.startsWith('PUT'))?.body).toEqual({
        priceCents: 129_950,
        description: 'One saliva kit.',
        includes: ['Kit', 'Counseling'],
        turnaroundDays: 14,
      });
    });
    expect(await within(form).findByText('Saved.')).toBeInTheDocument();
  });
});

describe('admin discount codes', () => {
  const code = {
    code: 'WELCOME',
    percentOff: 10,
    amountOffCents: null,
    active: true,
    expiresAt: null,
    maxRedemptions: 100,
    redemptions: 3,
  };

  it('lists codes and switches one off', async () => {
    const { calls, user, container } = await setup('discount-codes', {
      'GET /api/admin/discount-codes': () => Response.json({ discountCodes: [code] }),
      'PATCH /api/admin/discount-codes/WELCOME': () => Response.json({ ...code, active: false }),
    });
    const row = await screen.findByRole('row', { name: /WELCOME/ });
    expect(row).toHaveTextContent('10% off');
    expect(row).toHaveTextContent('Never');
    expect(row).toHaveTextContent('3 of 100');
    await user.click(within(row).getByRole('switch', { name: 'WELCOME usable' }));
    await waitFor(() => {
      expect(calls.find((call) => call.key.startsWith('PATCH'))?.body).toEqual({ active: false });
    });
    await expectNoAxeViolations(container);
  });

  it('shows each wrong field at the field, and a taken code at the code', async () => {
    const { calls, user, container } = await setup('discount-codes', {
      'GET /api/admin/discount-codes': () => Response.json({ discountCodes: [] }),
      'POST /api/admin/discount-codes': () =>
        jsonError(409, 'A discount code with this name exists'),
    });
    const form = await screen.findByRole('form', { name: 'New discount code' });
    await user.type(within(form).getByLabelText(/^Code/), 'a!');
    await user.type(within(form).getByLabelText(/^Percent off/), '150');
    await user.type(within(form).getByLabelText(/^Last day it works/), '02/30/2027');
    await user.type(within(form).getByLabelText(/^Most uses/), '0');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(within(form).getByLabelText(/^Code/)).toHaveAccessibleDescription(
      /at least 3 characters/,
    );
    expect(within(form).getByLabelText(/^Percent off/)).toHaveAccessibleDescription(
      'Give at most 100%',
    );
    expect(within(form).getByLabelText(/^Last day it works/)).toHaveAccessibleDescription(
      /Enter the date as MM\/DD\/YYYY/,
    );
    expect(within(form).getByLabelText(/^Most uses/)).toHaveAccessibleDescription(
      /Allow at least one use/,
    );
    await expectNoAxeViolations(container);

    await user.clear(within(form).getByLabelText(/^Code/));
    await user.type(within(form).getByLabelText(/^Code/), 'spring-25');
    await user.click(within(form).getByLabelText('An amount off'));
    await user.type(within(form).getByLabelText(/^Amount off in US dollars/), '25');
    await user.clear(within(form).getByLabelText(/^Last day it works/));
    await user.type(within(form).getByLabelText(/^Last day it works/), '12/31/2027');
    await user.clear(within(form).getByLabelText(/^Most uses/));
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    await waitFor(() => {
      expect(within(form).getByLabelText(/^Code/)).toHaveAccessibleDescription(
        /A discount code with this name exists/,
      );
    });
    const sent = calls.find((call) => call.key === 'POST /api/admin/discount-codes')?.body;
    expect(sent).toMatchObject({ code: 'SPRING-25', amountOffCents: 2500 });
    expect(new Date((sent as { expiresAt: string }).expiresAt).getFullYear()).toBe(2027);
  });
});
