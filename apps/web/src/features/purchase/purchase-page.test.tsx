import {
  DISCOUNT_CODE_EXPIRED,
  invalidFieldMessage,
  type CheckoutRequest,
} from '@nestling/shared/contract/purchase';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, jsonError, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { PurchasePage } from './purchase-page.tsx';
import { freshEntries, saveEntries } from './saved-entries.ts';
import { coupleProduct, individualProduct, makeCheckout, makeSummary } from './test-purchase.ts';

beforeEach(() => {
  setAuthToken('test-token');
  window.sessionStorage.clear();
  window.localStorage.clear();
});

const catalogue = () => Response.json({ products: [coupleProduct, individualProduct] });

async function setup({
  product = 'couple',
  search = {},
  sex = 'Male',
  routes = {},
}: {
  product?: 'couple' | 'individual';
  search?: { checkout?: string; canceled?: string };
  sex?: 'Male' | 'Female' | null;
  routes?: Record<string, RouteHandler>;
} = {}) {
  const services = createTestServices();
  const calls = answerRoutes(services, {
    'GET /api/products': catalogue,
    'POST /api/checkout/quote': () => Response.json(makeSummary({ product })),
    ...routes,
  });
  const events = userEvent.setup();
  const rendered = await renderWithRouter(<PurchasePage product={product} search={search} />, {
    path: '/purchase',
    user: makeUser({ sex }),
    services,
  });
  return { events, calls, ...rendered };
}

async function fillAddress(events: ReturnType<typeof userEvent.setup>) {
  const street = screen.getByLabelText(/^Street address/);
  await events.type(street, '12 Elm Street');
  await events.type(screen.getByLabelText(/^City/), 'Springfield');
  await events.selectOptions(screen.getByLabelText(/^State/), 'IL');
  await events.type(screen.getByLabelText(/^ZIP code/), '62701');
}

async function fillPartner(events: ReturnType<typeof userEvent.setup>) {
  await events.type(screen.getByLabelText(/^Partner's first name/), 'Sam');
  await events.type(screen.getByLabelText(/^Partner's last name/), 'Lovelace');
  await events.type(screen.getByLabelText(/^Partner's email/), 'sam@example.com');
}

const checkoutCalls = (calls: { key: string; body: unknown }[]) =>
  calls
    .filter((call) => call.key === 'POST /api/checkout')
    .map((call) => call.body as CheckoutRequest);

describe('PurchasePage', () => {
  it("describes the product from the server and the buyer's role from their sex", async () => {
    const { container } = await setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Preconception Genetic Screening' }),
    ).toBeInTheDocument();
    expect(screen.getByText('A joint report')).toBeInTheDocument();
    expect(screen.getByText(/about 21 days after your samples reach the lab/)).toBeInTheDocument();
    expect(screen.getByText('You are the father on this order.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name for the parcel/)).toHaveValue('Ada Lovelace');
    await expectNoAxeViolations(container);
  });

  it('says the mother for Female, and asks for the sex when there is none', async () => {
    const { unmount } = await setup({ sex: 'Female' });
    expect(await screen.findByText('You are the mother on this order.')).toBeInTheDocument();
    unmount();
    await setup({ sex: null });
    expect(await screen.findByRole('link', { name: 'account settings' })).toHaveAttribute(
      'href',
      '/account-settings',
    );
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
  });

  it('shows what is wrong at each field and in a summary that links to it, and sends nothing', async () => {
    const { events, calls, container } = await setup();
    await screen.findByRole('button', { name: 'Continue to payment' });
    await events.type(screen.getByLabelText(/^ZIP code/), '1234');
    await events.click(screen.getByRole('button', { name: 'Continue to payment' }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('There is a problem')).toBeInTheDocument();
    const zipLink = within(summary).getByRole('link', {
      name: 'Enter a ZIP code like 12345 or 12345-6789',
    });
    expect(
      within(summary).getByRole('link', { name: "Enter your partner's first name" }),
    ).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Choose a state' })).toBeInTheDocument();
    const zip = screen.getByLabelText(/^ZIP code/);
    expect(zip).toHaveAccessibleDescription(/Enter a ZIP code like 12345/);
    expect(zip).toHaveValue('1234');
    await events.click(zipLink);
    expect(zip).toHaveFocus();
    expect(checkoutCalls(calls)).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it('sends the checkout and goes on to the payment step; a second submit sends the same key', async () => {
    const { events, calls } = await setup({
      routes: { 'POST /api/checkout': () => Response.json(makeCheckout()) },
    });
    await screen.findByRole('button', { name: 'Continue to payment' });
    await fillPartner(events);
    await fillAddress(events);
    await events.click(screen.getByRole('radio', { name: 'Each kit to its own address' }));
    const partnerFields = screen.getByRole('group', { name: "Your partner's kit" });
    // The partner's parcel carries the partner's name to start with.
    expect(within(partnerFields).getByLabelText(/^Name for the parcel/)).toHaveValue(
      'Sam Lovelace',
    );
    await events.type(within(partnerFields).getByLabelText(/^Street address/), '9 Oak Road');
    await events.type(within(partnerFields).getByLabelText(/^Apartment/), 'Apt 2');
    await events.type(within(partnerFields).getByLabelText(/^City/), 'Austin');
    await events.selectOptions(within(partnerFields).getByLabelText(/^State/), 'TX');
    await events.type(within(partnerFields).getByLabelText(/^ZIP code/), '73301-0001');
    await events.click(screen.getByRole('button', { name: 'Continue to payment' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Payment' })).toBeInTheDocument();
    // What was entered, once more before paying: the partner and where kits go.
    const review = screen.getByRole('region', { name: 'Your details' });
    expect(review).toHaveTextContent('Your partnerSam Lovelace, sam@example.com');
    expect(review).toHaveTextContent(
      'Both kits go toAda Lovelace, 12 Elm Street, Springfield, IL 62701',
    );
    const [sent] = checkoutCalls(calls);
    expect(sent).toEqual({
      product: 'couple',
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}-[0-9a-f]{16}$/) as unknown,
      partner: { firstName: 'Sam', lastName: 'Lovelace', email: 'sam@example.com' },
      shipping: {
        buyer: {
          name: 'Ada Lovelace',
          line1: '12 Elm Street',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
        },
        partner: {
          name: 'Sam Lovelace',
          line1: '9 Oak Road',
          line2: 'Apt 2',
          city: 'Austin',
          state: 'TX',
          zip: '73301-0001',
        },
      },
    });

    // Back to the details, unchanged, and on again: the same checkout is asked for.
    await events.click(screen.getByRole('button', { name: 'Change your details' }));
    expect(screen.getByLabelText(/^Partner's email/)).toHaveValue('sam@example.com');
    await events.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    const [first, second] = checkoutCalls(calls);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);

    // Changed details make a new checkout, with a key of its own.
    await events.click(screen.getByRole('button', { name: 'Change your details' }));
    await events.type(screen.getByLabelText(/^Partner's first name/), 'uel');
    await events.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    const third = checkoutCalls(calls)[2];
    expect(third?.partner?.firstName).toBe('Samuel');
    expect(third?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it("puts the server's field errors at the field and keeps everything typed", async () => {
    const { events } = await setup({
      product: 'individual',
      routes: {
        'POST /api/checkout': () =>
          jsonError(
            400,
            'Invalid request: body.shipping.buyer.zip: Enter a ZIP code like 12345 or 12345-6789',
          ),
      },
    });
    await screen.findByRole('button', { name: 'Continue to payment' });
    expect(screen.queryByLabelText(/^Partner's first name/)).not.toBeInTheDocument();
    await fillAddress(events);
    await events.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const zip = screen.getByLabelText(/^ZIP code/);
    await waitFor(() => {
      expect(zip).toHaveAccessibleDescription(/Enter a ZIP code like 12345/);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a ZIP code like 12345');
    expect(zip).toHaveValue('62701');
    expect(screen.getByLabelText(/^Street address/)).toHaveValue('12 Elm Street');
  });

  it('keeps the entries through a reload, and the same idempotency key', async () => {
    const first = await setup({
      product: 'individual',
      routes: { 'POST /api/checkout': () => jsonError(503, 'Service Unavailable') },
    });
    await screen.findByRole('button', { name: 'Continue to payment' });
    await fillAddress(first.events);
    await first.events.type(screen.getByLabelText(/^Apartment/), 'Unit 4');
    await first.events.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    const key = checkoutCalls(first.calls)[0]?.idempotencyKey;
    first.unmount();

    const second = await setup({
      product: 'individual',
      routes: { 'POST /api/checkout': () => Response.json(makeCheckout()) },
    });
    await screen.findByRole('button', { name: 'Continue to payment' });
    expect(screen.getByLabelText(/^Street address/)).toHaveValue('12 Elm Street');
    expect(screen.getByLabelText(/^Apartment/)).toHaveValue('Unit 4');
    expect(screen.getByLabelText(/^State/)).toHaveValue('IL');
    await second.events.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    expect(checkoutCalls(second.calls)[0]?.idempotencyKey).toBe(key);
  });

  it('sends the same key from a second tab with the same entries, so that they pay once', async () => {
    const first = await setup({
      product: 'individual',
      routes: { 'POST /api/checkout': () => Response.json(makeCheckout()) },
    });
    await screen.findByRole('button', { name: 'Continue to payment' });
    await fillAddress(first.events);
    await first.events.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    const key = checkoutCalls(first.calls)[0]?.idempotencyKey;
    first.unmount();

    // A new tab: its own session storage, the portal's local storage.
    window.sessionStorage.clear();
    const second = await setup({
      product: 'individual',
      routes: { 'POST /api/checkout': () => Response.json(makeCheckout()) },
    });
    await screen.findByRole('button', { name: 'Continue to payment' });
    expect(screen.getByLabelText(/^Street address/)).toHaveValue('');
    await fillAddress(second.events);
    await second.events.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment' });
    expect(checkoutCalls(second.calls)[0]?.idempotencyKey).toBe(key);
  });

  it("shows only the server's figures in the summary, and a discount code's refusal at its field", async () => {
    const { events, calls } = await setup({
      routes: {
        'POST /api/checkout/quote': (body) => {
          const code = (body as { discountCode?: string }).discountCode;
          if (code === 'OLDCODE')
            return jsonError(400, invalidFieldMessage('discountCode', DISCOUNT_CODE_EXPIRED));
          // Figures that do not add up: the page must show them as they are.
          return Response.json(
            code === 'SPRING'
              ? makeSummary({
                  priceCents: 123_456,
                  discountCode: 'SPRING',
                  discountCents: 2_345,
                  totalCents: 99_999,
                })
              : makeSummary({ priceCents: 123_456, totalCents: 123_456 }),
          );
        },
      },
    });
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    await waitFor(() => {
      expect(within(summary).getAllByText('$1,234.56')).toHaveLength(2);
    });
    const code = screen.getByLabelText(/^Discount code/);
    await events.type(code, 'oldcode');
    await events.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      expect(code).toHaveAccessibleDescription(DISCOUNT_CODE_EXPIRED);
    });
    await events.clear(code);
    await events.type(code, ' spring ');
    await events.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await within(summary).findByText('$999.99')).toBeInTheDocument();
    expect(within(summary).getByText('Discount (SPRING)')).toBeInTheDocument();
    expect(within(summary).getByText('−$23.45')).toBeInTheDocument();
    expect(screen.getByText('Code SPRING applied.')).toBeInTheDocument();
    expect(code).not.toHaveAccessibleDescription(DISCOUNT_CODE_EXPIRED);
    // Removing the code takes the discount away again, with the server's figures.
    await events.clear(code);
    await waitFor(() => {
      expect(within(summary).queryByText('Discount (SPRING)')).not.toBeInTheDocument();
    });
    expect(await within(summary).findAllByText('$1,234.56')).toHaveLength(2);
    expect(
      calls.filter((call) => call.key === 'POST /api/checkout/quote').map((call) => call.body),
    ).toEqual([
      { product: 'couple' },
      { product: 'couple', discountCode: 'OLDCODE' },
      { product: 'couple', discountCode: 'SPRING' },
      { product: 'couple' },
    ]);
  });

  it('refills from the checkout after a payment canceled at the provider, and says nothing was charged', async () => {
    await setup({
      search: { checkout: 'checkout-1', canceled: '1' },
      routes: {
        'GET /api/checkout/checkout-1': () =>
          Response.json(makeCheckout({ summary: makeSummary({ discountCode: 'SPRING' }) })),
      },
    });
    expect(await screen.findByText('Your payment was canceled')).toBeInTheDocument();
    expect(screen.getByText(/Nothing was charged/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Partner's first name/)).toHaveValue('Sam');
    expect(screen.getByLabelText(/^Street address/)).toHaveValue('12 Elm Street');
    expect(screen.getByLabelText(/^State/)).toHaveValue('IL');
    expect(screen.getByLabelText(/^Discount code/)).toHaveValue('SPRING');
  });

  it('returns to the payment step after a reload there, and on to the confirmation once paid', async () => {
    saveEntries('couple', { ...freshEntries(), checkoutId: 'checkout-1' });
    const first = await setup({
      routes: { 'GET /api/checkout/checkout-1': () => Response.json(makeCheckout()) },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Card number/)).toBeInTheDocument();
    first.unmount();

    const second = await setup({
      routes: {
        'GET /api/checkout/checkout-1': () =>
          Response.json(makeCheckout({ status: 'paid', orderId: 'order-1' })),
      },
    });
    await waitFor(() => {
      expect(second.router.state.location.href).toBe('/payment-successful?checkout=checkout-1');
    });
  });

  it('goes to the provider when the checkout answers a redirect address', async () => {
    const { events, navigate } = await setup({
      product: 'individual',
      routes: {
        'POST /api/checkout': () =>
          Response.json(
            makeCheckout({ provider: 'stripe', redirectUrl: 'https://checkout.stripe.test/c/1' }),
          ),
      },
    });
    await screen.findByRole('button', { name: 'Continue to payment' });
    await fillAddress(events);
    await events.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => {
      expect(navigate).toHaveBeenCalledWith('https://checkout.stripe.test/c/1');
    });
  });
});
