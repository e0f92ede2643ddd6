import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes } from '../../test/fetch-routes.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { CONFIRM_WAIT_MS, PaymentSuccessfulPage } from './payment-successful-page.tsx';
import { freshEntries, loadEntries, saveEntries } from './saved-entries.ts';
import { makeCheckout, makeOrder } from './test-purchase.ts';

beforeEach(() => {
  setAuthToken('test-token');
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

async function setup(checkoutId: string | undefined, answers: (() => Response)[]) {
  const services = createTestServices();
  let asked = 0;
  const calls = answerRoutes(services, {
    'GET /api/checkout/checkout-1': () => {
      const answer = answers[Math.min(asked, answers.length - 1)];
      asked += 1;
      return answer?.() ?? Response.json({ message: 'Not Found' }, { status: 404 });
    },
    'GET /api/orders/order-1': () => Response.json(makeOrder()),
  });
  const rendered = await renderWithRouter(<PaymentSuccessfulPage checkoutId={checkoutId} />, {
    path: '/payment-successful',
    services,
  });
  return { ...rendered, calls };
}

const open = () => Response.json(makeCheckout());
const paid = () => Response.json(makeCheckout({ status: 'paid', orderId: 'order-1' }));

describe('PaymentSuccessfulPage', () => {
  it('waits for the server to confirm the payment, then shows the order and what comes next', async () => {
    saveEntries('couple', freshEntries({ 'shipping.buyer.city': 'Springfield' }));
    const { container } = await setup('checkout-1', [open, paid]);
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Order NS-10042' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Payment successful' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Paid \$1,498\.00 with the card ending 4242/)).toBeInTheDocument();
    // Every step to the report, in order, each leading where it is done.
    const steps = within(screen.getByRole('region', { name: 'What happens next' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Answer your health survey/),
      expect.stringMatching(/^Accept the terms and the HIPAA notice/),
      expect.stringMatching(/^Sam gets an invitation at sam@example\.com/),
      expect.stringMatching(/^We send your kits .* email you when they ship/),
      expect.stringMatching(/^When they arrive, activate both kits/),
      expect.stringMatching(/^Send the samples back with the prepaid labels/),
      expect.stringMatching(/^Your reports are expected around/),
    ]);
    expect(screen.getByRole('link', { name: 'Answer your health survey' })).toHaveAttribute(
      'href',
      '/health-survey',
    );
    expect(
      screen.getByRole('link', { name: 'Accept the terms and the HIPAA notice' }),
    ).toHaveAttribute('href', '/review-terms');
    expect(screen.getByRole('link', { name: 'Track your order' })).toHaveAttribute(
      'href',
      '/order?id=order-1',
    );
    expect(screen.getByRole('link', { name: 'Your purchases' })).toHaveAttribute(
      'href',
      '/purchased',
    );
    expect(loadEntries('couple')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('says a canceled payment charged nothing and leads back to the product', async () => {
    const { container } = await setup('checkout-1', [
      () => Response.json(makeCheckout({ status: 'canceled' })),
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment not completed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Nothing was charged/)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Back to Preconception Genetic Screening' }),
    ).toHaveAttribute('href', '/purchase');
    await expectNoAxeViolations(container);
  });

  it('says calmly when the confirmation takes longer than usual', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { container } = await setup('checkout-1', [open]);
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    await expectNoAxeViolations(container);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONFIRM_WAIT_MS + 1000);
    });
    expect(await screen.findByText('This is taking longer than usual')).toBeInTheDocument();
    expect(screen.getByText(/You do not need to pay again/)).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('has nothing to confirm without a checkout', async () => {
    const { calls } = await setup(undefined, []);
    expect(screen.getByRole('heading', { level: 1, name: 'Your payment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the tests you can buy' })).toHaveAttribute(
      'href',
      '/purchase',
    );
    expect(calls).toEqual([]);
  });
});
