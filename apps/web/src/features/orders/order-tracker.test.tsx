import { ORDER_STAGES, type OrderStage } from '@nestling/shared/contract/order-tracker';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StaticMantineProvider } from '../../app/static-mantine-provider.tsx';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { OrderTracker } from './order-tracker.tsx';
import { makeEvent, makeOrder, shippedOrder } from './test-orders.ts';
import { trackerSteps } from './tracker-steps.ts';

function renderTracker(order = makeOrder()) {
  return render(
    <StaticMantineProvider env="test">
      <h2 id="progress">Progress</h2>
      <OrderTracker order={order} labelId="progress" />
    </StaticMantineProvider>,
  );
}

/** Each step's text, in order. */
function steps(): string[] {
  return within(screen.getByRole('list', { name: 'Progress' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

/** An order at `stage`, each stage reached a day after the one before, from 1/5/2026. */
function orderAt(stage: OrderStage) {
  const reached = ORDER_STAGES.slice(0, ORDER_STAGES.indexOf(stage) + 1);
  return makeOrder({
    stage,
    events: reached.map((each, index) =>
      makeEvent({
        stage: each,
        at: `2026-01-${String(5 + index).padStart(2, '0')}T15:00:00.000Z`,
        ...(each === 'kit-shipped' ? { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } : {}),
      }),
    ),
  });
}

describe('OrderTracker', () => {
  it('says under Sample received that the sample is on its way, with the return label’s tracking link', async () => {
    const { container } = render(
      <StaticMantineProvider env="test">
        <h2 id="progress">Progress</h2>
        <OrderTracker
          order={orderAt('kit-activated')}
          labelId="progress"
          returns={[
            {
              kitId: 'NK-7QX49HZ2K',
              shipment: {
                carrier: 'UPS',
                service: 'Ground',
                trackingNumber: 'TESTNK7QX49HZ2K',
                trackingUrl: 'https://www.ups.com/track?tracknum=TESTNK7QX49HZ2K',
                postage: '0.00',
                currency: 'usd',
                test: true,
                status: 'in-transit',
                statusAt: '2026-01-10T15:00:00.000Z',
              },
            },
          ]}
        />
      </StaticMantineProvider>,
    );
    expect(steps()[4]).toBe(
      'Sample receivedTo comeSample on its way to the lab with UPS since 1/10/2026, tracking number TESTNK7QX49HZ2K (opens the carrier’s tracking page) (test label)',
    );
    expect(screen.getByRole('link', { name: /TESTNK7QX49HZ2K/ })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=TESTNK7QX49HZ2K',
    );
    await expectNoAxeViolations(container);
  });

  it('lists every stage in order, says in words what is done, current and to come', async () => {
    const { container } = renderTracker(orderAt('kit-delivered'));
    expect(steps()).toEqual([
      'OrderedDone on 1/5/2026',
      expect.stringMatching(
        /^Kit shippedDone on 1\/6\/2026UPS, tracking number 1Z999AA10123456784/,
      ),
      'Kit deliveredCurrent stage, reached on 1/7/2026',
      'Kit activatedTo come',
      'Sample receivedTo come',
      'In the labTo come',
      'Report readyTo come',
    ]);
    const current = screen.getByText('Kit delivered').closest('li');
    expect(current).toHaveAttribute('aria-current', 'step');
    expect(
      screen.getAllByRole('listitem').filter((item) => item.hasAttribute('aria-current')),
    ).toHaveLength(1);
    await expectNoAxeViolations(container);
  });

  it.each(ORDER_STAGES.map((stage, index) => [stage, index] as const))(
    'at %s: the stages before are done, it is current, the rest are to come',
    (stage, index) => {
      const states = trackerSteps(orderAt(stage)).map((step) => step.state);
      const last = ORDER_STAGES.length - 1;
      expect(states).toEqual(
        ORDER_STAGES.map((_, each) =>
          each < index || (each === index && index === last)
            ? 'done'
            : each === index
              ? 'current'
              : 'to come',
        ),
      );
      // Every step reached has its date; none to come has one.
      expect(trackerSteps(orderAt(stage)).map((step) => step.at !== null)).toEqual(
        ORDER_STAGES.map((_, each) => each <= index),
      );
    },
  );

  it('a new order is at its first stage, dated the day it was bought, even without an event', () => {
    renderTracker(makeOrder({ events: [] }));
    expect(steps()[0]).toBe('OrderedCurrent stage, reached on 1/5/2026');
    expect(
      steps()
        .slice(1)
        .every((text) => text.endsWith('To come')),
    ).toBe(true);
  });

  it('a ready report is the last stage, done', () => {
    renderTracker(orderAt('report-ready'));
    expect(steps().at(-1)).toBe('Report readyDone on 1/11/2026');
    expect(screen.getByText('Report ready').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it("a shipped kit names the carrier and links its number to the carrier's tracking page", () => {
    renderTracker(shippedOrder());
    const link = screen.getByRole('link', { name: /9400111899223344556677/ });
    expect(link).toHaveAttribute(
      'href',
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.closest('li')).toHaveTextContent('USPS, tracking number');
  });

  it('shows only what happened: a stage with no event is not shown done, whatever came after', () => {
    // A kit activated before it shipped (as the portal allowed before): no shipment, no delivery.
    renderTracker(
      makeOrder({
        stage: 'kit-activated',
        events: [
          makeEvent({ stage: 'ordered', at: '2026-01-05T15:00:00.000Z' }),
          makeEvent({ stage: 'kit-activated', at: '2026-01-06T15:00:00.000Z' }),
        ],
      }),
    );
    expect(steps().slice(0, 4)).toEqual([
      'OrderedDone on 1/5/2026',
      'Kit shippedNot recorded',
      'Kit deliveredNot recorded',
      'Kit activatedCurrent stage, reached on 1/6/2026',
    ]);
    expect(screen.getByText('Kit shipped').closest('li')).toHaveAttribute(
      'data-state',
      'not recorded',
    );
  });

  it('after a correction back a stage, the later stage is to come again', () => {
    const order = shippedOrder({
      stage: 'ordered',
      events: [
        ...shippedOrder().events,
        makeEvent({ stage: 'ordered', at: '2026-01-07T15:00:00.000Z', note: 'Wrong parcel' }),
      ],
    });
    renderTracker(order);
    expect(steps().slice(0, 2)).toEqual([
      'OrderedCurrent stage, reached on 1/7/2026',
      'Kit shippedTo come',
    ]);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
