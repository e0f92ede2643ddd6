import {
  ORDER_STAGE_LABELS,
  ORDER_STAGES,
  trackingUrl,
  type Carrier,
  type OrderStage,
  type PurchaseOrder,
} from '@nestling/shared/contract/order-tracker';

export type StepState = 'done' | 'current' | 'to come';

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
 * The tracker's steps in order. Stages before the order's stage are done, its own stage is the
 * current one (the last stage, once reached, is simply done), the rest are to come. A stage's
 * date is its latest event: after a correction, the step taken again is the one that counts.
 */
export function trackerSteps(order: PurchaseOrder): TrackerStep[] {
  const reached = ORDER_STAGES.indexOf(order.stage);
  const last = ORDER_STAGES.length - 1;
  return ORDER_STAGES.map((stage, index) => {
    const state: StepState =
      index < reached || (index === reached && index === last)
        ? 'done'
        : index === reached
          ? 'current'
          : 'to come';
    const event = order.events.findLast((candidate) => candidate.stage === stage);
    let at: number | null = null;
    if (state !== 'to come') {
      if (event !== undefined) at = unixSeconds(event.at);
      else if (stage === 'ordered') at = order.purchaseDate;
    }
    const shipment =
      state !== 'to come' &&
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
