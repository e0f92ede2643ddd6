import {
  ORDER_STAGE_LABELS,
  ORDER_STAGES,
  trackingUrl,
  type Carrier,
  type OrderStage,
  type PurchaseOrder,
} from '@nestling/shared/contract/order-tracker';

export type StepState = 'done' | 'current' | 'not recorded' | 'to come';

export interface TrackerStep {
  stage: OrderStage;
  label: string;
  state: StepState;
  /** Unix seconds the stage was reached; null for a stage to come. */
  at: number | null;
  /** For 'kit-shipped' once it happened. */
  shipment: { carrier: Carrier; trackingNumber: string; url: string } | null;
}

function unixSeconds(iso: string): number {
  return Math.floor(new Date(iso).getTime() / 1000);
}

/**
 * The tracker's steps in order, showing only what happened: a stage before the
 * order's stage is done when it has an event, and 'not recorded' when it has none (a later
 * stage never implies it); the order's own stage is the current one (the last stage, once
 * reached, is simply done); the rest are to come. A stage's date is its latest event: after a
 * correction, the step taken again is the one that counts.
 */
export function trackerSteps(order: PurchaseOrder): TrackerStep[] {
  const reached = ORDER_STAGES.indexOf(order.stage);
  const last = ORDER_STAGES.length - 1;
  return ORDER_STAGES.map((stage, index) => {
    const event = order.events.findLast((candidate) => candidate.stage === stage);
    // The order's first stage needs no event of its own: it is the purchase.
    const happened = event !== undefined || stage === 'ordered';
    const state: StepState =
      index < reached
        ? happened
          ? 'done'
          : 'not recorded'
        : index === reached
          ? index === last
            ? 'done'
            : 'current'
          : 'to come';
    let at: number | null = null;
    if (state === 'done' || state === 'current') {
      if (event !== undefined) at = unixSeconds(event.at);
      else if (stage === 'ordered') at = order.purchaseDate;
    }
    const shipment =
      (state === 'done' || state === 'current') &&
      event !== undefined &&
      event.carrier !== null &&
      event.trackingNumber !== null
        ? {
            carrier: event.carrier,
            trackingNumber: event.trackingNumber,
            url: event.trackingUrl ?? trackingUrl(event.carrier, event.trackingNumber),
          }
        : null;
    return { stage, label: ORDER_STAGE_LABELS[stage], state, at, shipment };
  });
}
