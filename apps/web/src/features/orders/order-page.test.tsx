import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, jsonError, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { OrderPage } from './order-page.tsx';
import { PurchasedPage } from './purchased-page.tsx';
import { makeOrder, products, shippedOrder } from './test-orders.ts';

const user = makeUser();

async function setup(ui: React.ReactNode, routes: Record<string, RouteHandler>, path = '/order') {
  setAuthToken('patient-token');
  const services = createTestServices({ user });
  const calls = answerRoutes(services, {
    'GET /api/products': () => Response.json({ products }),
    ...routes,
  });
  const rendered = await renderWithRouter(ui, { path, user, services });
  return { ...rendered, calls, user: userEvent.setup() };
}

const older = makeOrder({ id: 'order-0', number: 'NS-10001', purchaseDate: 1_764_979_200 });

describe('/purchased', () => {
  it('lists purchases newest first with their facts, a Track link and the receipt', async () => {
    const refunded = makeOrder({
      id: 'order-2',
      number: 'NS-10043',
      status: 'refunded',
      product: 'couple-30x',
      productName: 'Nestling Carrier Screening - 30x',
      totalCents: 149_900,
    });
    const { container } = await setup(<PurchasedPage />, {
      'GET /api/orders': () => Response.json({ orders: [refunded, shippedOrder(), older] }),
    });
    const cards = await screen.findAllByRole('region', { name: /^Order NS-/ });
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Order NS-10043',
      'Order NS-10042',
      'Order NS-10001',
    ]);
    const [first, second] = cards;
    if (first === undefined || second === undefined) throw new Error('no cards');
    expect(first).toHaveTextContent('Nestling Carrier Screening - 30x');
    expect(first).toHaveTextContent('Total$1,499.00');
    expect(first).toHaveTextContent('StatusRefunded');
    // A refunded order goes no further: its stage says so, not 'Ordered'.
    expect(first).toHaveTextContent('StageStopped: the order was refunded');
    expect(first).not.toHaveTextContent('StageOrdered');
    expect(second).toHaveTextContent('Ordered on1/5/2026');
    expect(second).toHaveTextContent('StatusPaid');
    expect(second).toHaveTextContent('StageKit shipped');
    expect(within(second).getByRole('link', { name: 'Track order NS-10042' })).toHaveAttribute(
      'href',
      '/order?id=order-1',
    );
    expect(
      within(second).getByRole('button', { name: 'View receipt for order NS-10042' }),
    ).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('opens the receipt through a one-time link in a new tab', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user: person, calls } = await setup(<PurchasedPage />, {
      'GET /api/orders': () => Response.json({ orders: [makeOrder()] }),
      'POST /api/user/documents/receipt-1/session': () =>
        Response.json({ url: '/api/documents/view/abc', expiresAt: '2026-01-01T00:00:00.000Z' }),
    });
    await person.click(
      await screen.findByRole('button', { name: 'View receipt for order NS-10042' }),
    );
    await vi.waitFor(() => {
      expect(tab.location.href).toMatch(/\/api\/documents\/view\/abc$/);
    });
    expect(tab.opener).toBeNull();
    expect(calls.some((call) => call.key === 'POST /api/user/documents/receipt-1/session')).toBe(
      true,
    );
  });

  it('with nothing bought, shows calmly what there is to buy', async () => {
    const { container } = await setup(<PurchasedPage />, {
      'GET /api/orders': () => Response.json({ orders: [] }),
    });
    expect(await screen.findByText(/You have not bought a test yet/)).toBeInTheDocument();
    const links = await screen.findAllByRole('link', { name: /^Order Nestling/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/purchase',
      '/purchase-30x',
      '/individual-purchase',
      '/individual-purchase-30x',
    ]);
    expect(
      screen.getByRole('heading', { name: 'Nestling Carrier Screening - Individual' }),
    ).toBeInTheDocument();
    expect(screen.getByText('$499.00')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});

describe('/order', () => {
  it('shows one order: its tracker, the expected report date, its kit and what was paid', async () => {
    const { container, calls } = await setup(<OrderPage id="order-1" />, {
      'GET /api/orders/order-1': () =>
        Response.json(
          shippedOrder({ discountCode: 'WELCOME', discountCents: 5_000, totalCents: 44_900 }),
        ),
    });
    const tracker = await screen.findByRole('list', { name: 'Progress' });
    expect(within(tracker).getByRole('link', { name: /9400111899223344556677/ })).toBeVisible();
    expect(screen.getByText(/Your report is expected by/)).toHaveTextContent('2/5/2026');
    const kit = screen.getByRole('region', { name: 'Your kit' });
    expect(kit).toHaveTextContent('NK-7QX49HZ2K');
    expect(kit).toHaveTextContent('12 Main St');
    expect(kit).toHaveTextContent('Springfield, IL 62701');
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Discount (WELCOME)−$50.00');
    expect(payment).toHaveTextContent('Total$449.00, paid');
    expect(payment).toHaveTextContent('Ending in 4242');
    expect(within(payment).getByRole('button', { name: /View receipt/ })).toBeInTheDocument();
    expect(screen.queryByText('This order was refunded')).toBeNull();
    expect(calls.map((call) => call.key)).not.toContain('GET /api/orders');
    await expectNoAxeViolations(container);
  });

  it('says at the top that a refunded order was refunded', async () => {
    const { container } = await setup(<OrderPage id="order-1" />, {
      'GET /api/orders/order-1': () => Response.json(makeOrder({ status: 'refunded' })),
    });
    const notice = (await screen.findByText('This order was refunded')).closest('[role=status]');
    expect(notice).not.toBeNull();
    expect(notice).toHaveTextContent('$499.00');
    expect(screen.queryByText(/Your report is expected/)).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("answers an unknown or someone else's order calmly, with the way to the person's orders", async () => {
    const { container } = await setup(<OrderPage id="someone-elses" />, {
      'GET /api/orders/someone-elses': () => jsonError(404, 'Order not found'),
    });
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your purchases' })).toHaveAttribute(
      'href',
      '/purchased',
    );
    await expectNoAxeViolations(container);
  });

  it('without an id shows the newest order', async () => {
    await setup(<OrderPage id={undefined} />, {
      'GET /api/orders': () => Response.json({ orders: [shippedOrder(), older] }),
    });
    expect(await screen.findByText(/Order NS-10042:/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all your purchases' })).toBeInTheDocument();
  });

  it('without an id and with no order, shows what there is to buy', async () => {
    await setup(<OrderPage id={undefined} />, {
      'GET /api/orders': () => Response.json({ orders: [] }),
    });
    expect(await screen.findByText(/You have not bought a test yet/)).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: /^Order Nestling/ })).toHaveLength(4);
  });

  it('a ready report leads to the reports page', async () => {
    await setup(<OrderPage id="order-1" />, {
      'GET /api/orders/order-1': () => Response.json(makeOrder({ stage: 'report-ready' })),
    });
    expect(
      await screen.findByRole('link', { name: 'Read it on your reports page' }),
    ).toHaveAttribute('href', '/reports');
  });
});
