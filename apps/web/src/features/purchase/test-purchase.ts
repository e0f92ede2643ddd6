import type { PurchaseOrder } from '@nestling/shared/contract/order-tracker';
import type { Checkout, OrderSummary, Product } from '@nestling/shared/contract/purchase';

/** Test data for the purchase feature's component tests. */
export const coupleProduct: Product = {
  code: 'couple',
  name: 'Preconception Genetic Screening',
  kind: 'couple',
  testType: 'standard',
  kits: 2,
  priceCents: 149_800,
  currency: 'usd',
  description: 'Screening for both partners before pregnancy.',
  includes: ['A saliva kit for each of you', 'A joint report'],
  turnaroundDays: 21,
};

export const individualProduct: Product = {
  ...coupleProduct,
  code: 'individual',
  name: 'Preconception Genetic Screening - Individual',
  kind: 'individual',
  kits: 1,
  priceCents: 79_900,
  includes: ['One saliva kit', 'Your own report'],
};

export function makeSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    product: 'couple',
    productName: coupleProduct.name,
    currency: 'usd',
    priceCents: 149_800,
    discountCode: null,
    discountCents: 0,
    totalCents: 149_800,
    ...overrides,
  };
}

export function makeCheckout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    id: 'checkout-1',
    status: 'open',
    provider: 'test',
    summary: makeSummary(),
    request: {
      partner: { firstName: 'Sam', lastName: 'Lovelace', email: 'sam@example.com' },
      shipping: {
        buyer: {
          name: 'Ada Lovelace',
          line1: '12 Elm Street',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
        },
        partner: null,
      },
    },
    redirectUrl: null,
    paymentError: null,
    orderId: null,
    expiresAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<PurchaseOrder> = {}): PurchaseOrder {
  const address = makeCheckout().request.shipping.buyer;
  return {
    id: 'order-1',
    number: 'NS-10042',
    product: 'couple',
    productName: coupleProduct.name,
    status: 'paid',
    stage: 'ordered',
    currency: 'usd',
    priceCents: 149_800,
    discountCode: null,
    discountCents: 0,
    totalCents: 149_800,
    cardLast4: '4242',
    purchaseDate: 1_790_000_000,
    expectedReportDate: 1_792_000_000,
    partner: { firstName: 'Sam', lastName: 'Lovelace', email: 'sam@example.com' },
    kits: [
      { id: 'NK-00000000A', role: 'mother', recipient: 'Ada Lovelace', shippingAddress: address },
      { id: 'NK-00000001B', role: 'father', recipient: 'Ada Lovelace', shippingAddress: address },
    ],
    events: [],
    coupleAccountId: 'account-1',
    individualOrderId: null,
    receiptDocumentId: null,
    ...overrides,
  };
}
