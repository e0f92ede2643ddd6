import type { DeliveryKit } from '@nestling/shared/contract/kits';
import { ORDER_STAGES, type OrderStage } from '@nestling/shared/contract/order-tracker';
import { formatUsDate } from '@nestling/shared/products';

/** How each kit is named: by whose it is. */
export const KIT_TITLES: Record<DeliveryKit['role'], string> = {
  mother: 'Mother’s kit',
  father: 'Father’s kit',
  self: 'Your kit',
};

const reached = (kit: DeliveryKit, stage: OrderStage) =>
  ORDER_STAGES.indexOf(kit.stage) >= ORDER_STAGES.indexOf(stage);

/** The day of an ISO 8601 time, as the portal writes dates (3/4/2026). */
export function isoDate(iso: string): string {
  return formatUsDate(Math.floor(new Date(iso).getTime() / 1000));
}

/** Where the kit is on its way out, in one plain sentence (the order's tracker decides). */
export function deliverySentence(kit: DeliveryKit): string {
  if (kit.status === 'refunded') return 'This order was refunded, so this kit will not be sent.';
  if (kit.sampleReceivedAt !== null) {
    return `Delivered. The lab received the sample on ${isoDate(kit.sampleReceivedAt)}.`;
  }
  if (reached(kit, 'sample-received')) return 'Delivered. The lab has received the sample.';
  if (reached(kit, 'kit-activated')) return 'Delivered and activated.';
  if (reached(kit, 'kit-delivered')) {
    return kit.deliveredAt === null ? 'Delivered.' : `Delivered on ${isoDate(kit.deliveredAt)}.`;
  }
  if (kit.shipment !== null) {
    const carrier = kit.shipment.carrier === null ? '' : ` with ${kit.shipment.carrier}`;
    return `On its way since ${isoDate(kit.shipment.at)}${carrier}.`;
  }
  return 'Being prepared: the kit has not shipped yet.';
}

/** Whether the lab has the sample, and what to do about the return label otherwise. */
export function returnSentence(kit: DeliveryKit): string {
  if (kit.status === 'refunded') return 'This order was refunded: no sample is expected.';
  if (kit.sampleReceivedAt !== null) {
    return `The lab received this sample on ${isoDate(kit.sampleReceivedAt)}. Nothing more to send.`;
  }
  if (reached(kit, 'sample-received'))
    return 'The lab has received this sample. Nothing more to send.';
  const sent = kit.returnShipment;
  if (sent?.status === 'delivered') {
    return `Delivered to the lab by ${sent.carrier} on ${isoDate(sent.statusAt)}. The lab checks it in next.`;
  }
  if (sent?.status === 'in-transit') {
    return `Sample on its way to the lab with ${sent.carrier} since ${isoDate(sent.statusAt)}.`;
  }
  if (sent?.status === 'exception') {
    return `${sent.carrier} reported a problem with this parcel on ${isoDate(sent.statusAt)}. Follow the tracking link, or write to us with the kit id.`;
  }
  if (kit.returnLabelAvailable) {
    return 'Not received by the lab yet. Print the label and send the sample back when it is ready.';
  }
  if (kit.shipment !== null) {
    return 'The kit is on its way to you. Its return label becomes available here once the kit has been delivered.';
  }
  return 'The kit has not shipped yet. Its return label becomes available here once the kit has been delivered.';
}
