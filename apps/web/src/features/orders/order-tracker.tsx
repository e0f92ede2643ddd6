import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import type { ReturnShipment } from '@nestling/shared/contract/kits';
import type { PurchaseOrder } from '@nestling/shared/contract/order-tracker';
import { formatUsDate } from '@nestling/shared/products';
import { IconCheck } from '@tabler/icons-react';
import classes from './orders.module.css';
import { trackerSteps, type TrackerStep } from './tracker-steps.ts';

function stateText(step: TrackerStep): string {
  const on = step.at === null ? '' : ` on ${formatUsDate(step.at)}`;
  if (step.state === 'done') return `Done${on}`;
  if (step.state === 'current') return `Current stage, reached${on}`;
  if (step.state === 'not recorded') return 'Not recorded';
  return 'To come';
}

/** A kit's sample coming back with a bought return label (ADR 044). */
export interface ReturnOnItsWay {
  kitId: string;
  shipment: ReturnShipment;
}

/** Under 'Sample received' while it is to come: each sample the carrier has on its way. */
function ReturnsOnTheirWay({ returns }: { returns: readonly ReturnOnItsWay[] }) {
  const moving = returns.filter(
    (entry) => entry.shipment.status === 'in-transit' || entry.shipment.status === 'exception',
  );
  return moving.map(({ kitId, shipment }) => (
    <Text size="sm" key={kitId}>
      {shipment.status === 'in-transit'
        ? `Sample on its way to the lab with ${shipment.carrier} since ${formatUsDate(Math.floor(new Date(shipment.statusAt).getTime() / 1000))}`
        : `${shipment.carrier} reported a problem with the sample's parcel`}
      , tracking number{' '}
      <Anchor href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
        {shipment.trackingNumber}
        <VisuallyHidden> (opens the carrier’s tracking page)</VisuallyHidden>
      </Anchor>
      {shipment.test ? ' (test label)' : ''}
    </Text>
  ));
}

/**
 * Where an order is: every stage in order, each saying in words whether it is done (with its
 * date), current, not recorded (passed with no event) or to come. A shipment names its carrier and tracking number, linked to the
 * carrier's tracking page.
 */
export function OrderTracker({
  order,
  labelId,
  returns = [],
}: {
  order: PurchaseOrder;
  labelId: string;
  returns?: readonly ReturnOnItsWay[];
}) {
  return (
    <ol className={classes.tracker} aria-labelledby={labelId}>
      {trackerSteps(order).map((step) => (
        <li
          key={step.stage}
          className={classes.step}
          data-state={step.state}
          aria-current={step.stage === order.stage ? 'step' : undefined}
        >
          <span className={classes.marker} aria-hidden>
            {step.state === 'done' && <IconCheck size={16} stroke={3} />}
          </span>
          <div>
            <Text className={classes.stepLabel}>{step.label}</Text>
            <Text className={classes.stepState}>{stateText(step)}</Text>
            {step.shipment !== null && (
              <Text size="sm">
                {step.shipment.carrier}, tracking number{' '}
                <Anchor href={step.shipment.url} target="_blank" rel="noopener noreferrer">
                  {step.shipment.trackingNumber}
                  <VisuallyHidden> (opens the carrier’s tracking page)</VisuallyHidden>
                </Anchor>
              </Text>
            )}
            {step.stage === 'sample-received' && step.state === 'to come' && (
              <ReturnsOnTheirWay returns={returns} />
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
