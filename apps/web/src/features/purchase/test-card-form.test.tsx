import {
  CARD_DECLINED,
  CARD_INSUFFICIENT_FUNDS,
  CONFIRMATION_DECLINED,
  TEST_CARDS,
  type Checkout,
} from '@nestling/shared/contract/purchase';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { TestCardForm } from './test-card-form.tsx';
import { makeCheckout } from './test-purchase.ts';

beforeEach(() => {
  setAuthToken('test-token');
});

const PAY = 'POST /api/checkout/checkout-1/test-payment';
const CONFIRM = 'POST /api/checkout/checkout-1/test-payment/confirm';

/** Answers each card the way the test provider does. */
function providerAnswer(body: unknown): Response {
  const { number } = body as { number: string };
  if (number === TEST_CARDS.pays)
    return Response.json(makeCheckout({ status: 'paid', orderId: 'order-1' }));
  if (number === TEST_CARDS.declined) return jsonError(402, CARD_DECLINED);
  if (number === TEST_CARDS.insufficientFunds) return jsonError(402, CARD_INSUFFICIENT_FUNDS);
  return Response.json(makeCheckout({ status: 'requires_action' }));
}

async function setup() {
  const services = createTestServices();
  const calls = answerRoutes(services, {
    [PAY]: providerAnswer,
    [CONFIRM]: (body) =>
      (body as { approve: boolean }).approve
        ? Response.json(makeCheckout({ status: 'paid', orderId: 'order-1' }))
        : jsonError(402, CONFIRMATION_DECLINED),
  });
  const onPaid = vi.fn<(checkout: Checkout) => void>();
  const events = userEvent.setup();
  const rendered = await renderWithRouter(
    <TestCardForm checkout={makeCheckout()} onPaid={onPaid} />,
    {
      services,
    },
  );
  const enterCard = async (number: string, expiry = '12/34', cvc = '123') => {
    const numberInput = screen.getByLabelText(/^Card number/);
    await events.clear(numberInput);
    await events.type(numberInput, number);
    await events.clear(screen.getByLabelText(/^Expiry date/));
    await events.type(screen.getByLabelText(/^Expiry date/), expiry);
    await events.clear(screen.getByLabelText(/^Security code/));
    await events.type(screen.getByLabelText(/^Security code/), cvc);
    await events.click(screen.getByRole('button', { name: /^Pay / }));
  };
  return { ...rendered, calls, onPaid, events, enterCard };
}

describe('TestCardForm', () => {
  it('says it takes test payments, lists the numbers and groups the number as typed', async () => {
    const { events, container } = await setup();
    expect(screen.getByText('Test payments: no money moves')).toBeInTheDocument();
    expect(screen.getByText('4000 0025 0000 3155')).toBeInTheDocument();
    const number = screen.getByLabelText(/^Card number/);
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    await events.type(number, '4242424242424242');
    expect(number).toHaveValue('4242 4242 4242 4242');
    await events.type(screen.getByLabelText(/^Expiry date/), '1234');
    expect(screen.getByLabelText(/^Expiry date/)).toHaveValue('12/34');
    expect(screen.getByRole('button', { name: 'Pay $1,498.00' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('checks the number, expiry and CVC before sending anything', async () => {
    const { enterCard, calls } = await setup();
    await enterCard('4242424242424241', '01/20', '12');
    expect(await screen.findByText('There is a problem')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Card number/)).toHaveAccessibleDescription(
      'Enter a valid card number',
    );
    expect(screen.getByLabelText(/^Expiry date/)).toHaveAccessibleDescription(
      /This card has expired/,
    );
    expect(screen.getByLabelText(/^Security code/)).toHaveAccessibleDescription(
      'Enter the 3 or 4 digit security code',
    );
    expect(calls).toEqual([]);
  });

  it('pays with 4242 4242 4242 4242', async () => {
    const { enterCard, calls, onPaid } = await setup();
    await enterCard('4242 4242 4242 4242');
    await waitFor(() => {
      expect(onPaid).toHaveBeenCalledWith(expect.objectContaining({ status: 'paid' }));
    });
    expect(calls.map((call) => call.body)).toEqual([
      { number: TEST_CARDS.pays, expiry: '12/34', cvc: '123' },
    ]);
  });

  it.each([
    [TEST_CARDS.declined, CARD_DECLINED],
    [TEST_CARDS.insufficientFunds, CARD_INSUFFICIENT_FUNDS],
  ])(
    'shows the refusal of %s, keeps the card and lets another one pay',
    async (number, message) => {
      const { enterCard, onPaid, container } = await setup();
      await enterCard(number);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(message);
      expect(alert).toHaveTextContent('Nothing was charged');
      expect(screen.getByLabelText(/^Card number/)).toHaveValue(
        number.replace(/(\d{4})(?=\d)/g, '$1 '),
      );
      expect(screen.getByLabelText(/^Expiry date/)).toHaveValue('12/34');
      expect(onPaid).not.toHaveBeenCalled();
      await expectNoAxeViolations(container);

      await enterCard(TEST_CARDS.pays);
      await waitFor(() => {
        expect(onPaid).toHaveBeenCalled();
      });
    },
  );

  it('asks for the extra confirmation of 4000 0025 0000 3155, and pays once confirmed', async () => {
    const { enterCard, events, onPaid, calls } = await setup();
    await enterCard(TEST_CARDS.needsConfirmation);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this payment' });
    expect(dialog).toHaveTextContent('$1,498.00');
    await events.click(screen.getByRole('button', { name: 'Confirm this payment' }));
    await waitFor(() => {
      expect(onPaid).toHaveBeenCalled();
    });
    expect(calls.find((call) => call.key === CONFIRM)?.body).toEqual({ approve: true });
  });

  it('says so when the extra confirmation is canceled', async () => {
    const { enterCard, events, onPaid } = await setup();
    await enterCard(TEST_CARDS.needsConfirmation);
    await screen.findByRole('dialog', { name: 'Confirm this payment' });
    await events.click(screen.getByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CONFIRMATION_DECLINED);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('cannot be sent twice while a payment is under way', async () => {
    const { enterCard, fetch, onPaid } = await setup();
    let release: () => void = () => undefined;
    fetch.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () => {
            resolve(Response.json(makeCheckout({ status: 'paid', orderId: 'order-1' })));
          };
        }),
    );
    await enterCard(TEST_CARDS.pays);
    const button = screen.getByRole('button', { name: /^Pay / });
    await waitFor(() => {
      expect(button).toHaveAttribute('aria-busy', 'true');
    });
    button.click();
    release();
    await waitFor(() => {
      expect(onPaid).toHaveBeenCalledTimes(1);
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
