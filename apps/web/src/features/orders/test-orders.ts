import type { OrderEvent, PurchaseOrder } from '@nestling/shared/contract/order-tracker';
import type { Product } from '@nestling/shared/contract/purchase';

/** Orders and products for the orders feature's tests. */

const address = {
  name: 'Ada Lovelace',
  line1: '12 Main St',
  city: 'Springfield',
  state: 'IL' as const,
  zip: '62701',
};

export function makeEvent(overrides: Partial<OrderEvent> & Pick<OrderEvent, 'stage' | 'at'>) {
  return {
    id: `event-${overrides.stage}-${overrides.at}`,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    note: null,
    ...overrides,
  } satisfies OrderEvent;
}

export function makeOrder(overrides: Partial<PurchaseOrder> = {}): PurchaseOrder {
  return {
    id: 'order-1',
    number: 'NS-10042',
    product: 'individual',
    productName: 'Nestling Carrier Screening - Individual',
    status: 'paid',
    stage: 'ordered',
    currency: 'usd',
    priceCents: 49_900,
    discountCode: null,
    discountCents: 0,
    totalCents: 49_900,
    cardLast4: '4242',
    purchaseDate: 1_767_571_200, // 1/5/2026
    expectedReportDate: 1_770_249_600, // 2/5/2026
    partner: null,
    kits: [
      { id: 'NK-7QX49HZ2K', role: 'self', recipient: 'Ada Lovelace', shippingAddress: address },
    ],
    events: [makeEvent({ stage: 'ordered', at: '2026-01-05T15:00:00.000Z' })],
    coupleAccountId: null,
    individualOrderId: 'individual-1',
    receiptDocumentId: 'receipt-1',
    ...overrides,
  };
}

/** An order shipped by USPS on 1/6/2026. */
export function shippedOrder(overrides: Partial<PurchaseOrder> = {}): PurchaseOrder {
  return makeOrder({
    stage: 'kit-shipped',
    events: [
      makeEvent({ stage: 'ordered', at: '2026-01-05T15:00:00.000Z' }),
      makeEvent({
        stage: 'kit-shipped',
        at: '2026-01-06T15:00:00.000Z',
        carrier: 'USPS',
        trackingNumber: '9400111899223344556677',
        trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677',
      }),
    ],
    ...overrides,
  });
}

export const products: Product[] = [
  ['couple', 'Nestling Carrier Screening', 'couple', 'standard', 2, 99_900],
  ['couple-30x', 'Nestling Carrier Screening - 30x', 'couple', '30x', 2, 149_900],
  ['individual', 'Nestling Carrier Screening - Individual', 'individual', 'standard', 1, 49_900],
  [
    'individual-30x',
    'Nestling Carrier Screening - 30x - Individual',
    'individual',
    '30x',
    1,
    79_900,
  ],
].map(([code, name, kind, testType, kits, priceCents]) => ({
  code,
  name,
  kind,
  testType,
  kits,
  priceCents,
  currency: 'usd',
  description: `About ${String(name)}.`,
  includes: ['Saliva kit', 'Genetic counseling'],
  turnaroundDays: 21,
})) as Product[];
