import type { DeliveryKit } from '@nestling/shared/contract/kits';

/** A kit as GET /api/kits answers it: paid, not shipped yet; the tests change what they need. */
export function makeDeliveryKit(kit: Partial<DeliveryKit> = {}): DeliveryKit {
  return {
    id: 'NK-7QX49HZ2K',
    role: 'self',
    recipient: 'Bea Buyer',
    shippingAddress: {
      name: 'Bea Buyer',
      line1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    },
    addressChangedAt: null,
    orderId: 'order-1',
    orderNumber: 'NS-10001',
    productName: 'Preconception Genetic Screening - Individual',
    status: 'paid',
    stage: 'ordered',
    editable: true,
    shipment: null,
    deliveredAt: null,
    sampleReceivedAt: null,
    returnLabelAvailable: false,
    returnLabelDocumentId: null,
    returnShipment: null,
    ...kit,
  };
}
