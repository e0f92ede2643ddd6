import { describe, expect, it } from 'vitest';
import { deliverySentence, returnSentence } from './kit-status.ts';
import { makeDeliveryKit } from './test-kit.ts';

const base = makeDeliveryKit({ productName: 'Preconception test' });
const shipment = {
  id: 'e1',
  stage: 'kit-shipped' as const,
  at: '2026-03-03T15:00:00.000Z',
  carrier: 'UPS' as const,
  trackingNumber: '1Z999',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
  note: null,
};

describe('a kit’s delivery in words', () => {
  it('follows the tracker from preparation to the lab', () => {
    expect(deliverySentence(base)).toBe('Being prepared: the kit has not shipped yet.');
    expect(deliverySentence({ ...base, stage: 'kit-shipped', shipment })).toBe(
      'On its way since 3/3/2026 with UPS.',
    );
    expect(
      deliverySentence({
        ...base,
        stage: 'kit-delivered',
        shipment,
        deliveredAt: '2026-03-05T15:00:00.000Z',
      }),
    ).toBe('Delivered on 3/5/2026.');
    expect(
      deliverySentence({ ...base, stage: 'in-lab', sampleReceivedAt: '2026-03-09T15:00:00.000Z' }),
    ).toBe('Delivered. The lab received the sample on 3/9/2026.');
    expect(deliverySentence({ ...base, status: 'refunded' })).toBe(
      'This order was refunded, so this kit will not be sent.',
    );
  });

  it('says when the return label becomes available and when nothing more is needed', () => {
    expect(returnSentence(base)).toContain('once the kit has been delivered');
    expect(returnSentence({ ...base, stage: 'kit-delivered', returnLabelAvailable: true })).toBe(
      'Not received by the lab yet. Print the label and send the sample back when it is ready.',
    );
    expect(
      returnSentence({
        ...base,
        stage: 'sample-received',
        sampleReceivedAt: '2026-03-09T15:00:00Z',
      }),
    ).toBe('The lab received this sample on 3/9/2026. Nothing more to send.');
  });
});
