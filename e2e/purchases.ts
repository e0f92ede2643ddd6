import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Buys the individual test with the test provider's good card, as the purchase page does, for
 * `buyerName`; answers the order's id once the payment has made the order.
 */
export async function buyIndividualTest(
  request: APIRequestContext,
  token: string,
  buyerName: string,
): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const checkout = await request.post('/api/checkout', {
    headers,
    data: {
      product: 'individual',
      idempotencyKey: `e2e-${crypto.randomUUID()}`,
      shipping: {
        buyer: {
          name: buyerName,
          line1: '12 Main St',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
        },
      },
    },
  });
  expect(checkout.status()).toBe(200);
  const { id } = (await checkout.json()) as { id: string };
  const paid = await request.post(`/api/checkout/${id}/test-payment`, {
    headers,
    data: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status()).toBe(200);
  let orderId: string | null = null;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/checkout/${id}`, { headers });
      orderId = ((await answer.json()) as { orderId: string | null }).orderId;
      return orderId;
    })
    .not.toBeNull();
  return String(orderId);
}
