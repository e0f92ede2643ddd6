import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import type { Kit, PurchaseOrder } from '@nestling/shared/contract/order-tracker';
import { addressLines, formatCents } from '@nestling/shared/contract/purchase';
import { formatUsDate } from '@nestling/shared/products';
import { useId } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { useDeliveries } from '../delivery/index.ts';
import { OrderTracker, type ReturnOnItsWay } from './order-tracker.tsx';
import classes from './orders.module.css';
import { ReceiptButton } from './receipt-button.tsx';

const KIT_TITLES: Record<Kit['role'], string> = {
  mother: 'Mother’s kit',
  father: 'Father’s kit',
  self: 'Your kit',
};

/** One order: a refund first, then its tracker, its kits and what was paid. */
export function OrderView({ order }: { order: PurchaseOrder }) {
  const progressId = useId();
  const kitsId = useId();
  const paymentId = useId();
  const refunded = order.status === 'refunded';
  // The samples' way back, from the return labels (ADR 044); the tracker stands without them.
  const deliveries = useDeliveries();
  const returns: ReturnOnItsWay[] = (deliveries.data?.kits ?? []).flatMap((kit) =>
    kit.orderId === order.id && kit.returnShipment !== null
      ? [{ kitId: kit.id, shipment: kit.returnShipment }]
      : [],
  );
  return (
    <Stack gap="xl">
      {refunded && (
        <Alert color="yellow" title="This order was refunded" role="status">
          The {formatCents(order.totalCents, order.currency)} you paid has been returned to your
          card. The lab will do nothing more with this order.
        </Alert>
      )}
      <Text>
        Order {order.number}: {order.productName}, ordered on {formatUsDate(order.purchaseDate)}.
      </Text>

      <Stack gap="sm" component="section" aria-labelledby={progressId}>
        <Title order={2} id={progressId}>
          Progress
        </Title>
        <OrderTracker order={order} labelId={progressId} returns={returns} />
        {order.stage === 'report-ready' ? (
          <Text>
            Your report is ready.{' '}
            <AnchorLink to="/reports">Read it on your reports page</AnchorLink>.
          </Text>
        ) : (
          !refunded && (
            <Text>
              Your report is expected by <strong>{formatUsDate(order.expectedReportDate)}</strong>.
            </Text>
          )
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby={kitsId}>
        <Title order={2} id={kitsId}>
          {order.kits.length === 1 ? 'Your kit' : 'Kits'}
        </Title>
        {order.kits.map((kit) => (
          <Card key={kit.id} withBorder padding="md">
            {order.kits.length > 1 && (
              <Title order={3} size="h4" mb="xs">
                {KIT_TITLES[kit.role]}
              </Title>
            )}
            <dl className={classes.facts}>
              <dt>Kit id</dt>
              <dd className={classes.kitId}>{kit.id}</dd>
              <dt>For</dt>
              <dd>{kit.recipient}</dd>
              <dt>Ships to</dt>
              <dd>
                {addressLines(kit.shippingAddress).map((line, index) => (
                  <span key={index}>
                    {line}
                    <br />
                  </span>
                ))}
              </dd>
            </dl>
          </Card>
        ))}
        {!refunded && (
          <Text>
            Change an address before the kit ships on{' '}
            <AnchorLink to="/delivery">Delivery</AnchorLink>; once it has arrived,{' '}
            <AnchorLink to="/return-shipping">Return shipping</AnchorLink> has its prepaid return
            label.
          </Text>
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby={paymentId}>
        <Title order={2} id={paymentId}>
          Payment
        </Title>
        <dl className={classes.facts}>
          <dt>{order.productName}</dt>
          <dd>{formatCents(order.priceCents, order.currency)}</dd>
          {order.discountCents > 0 && (
            <>
              <dt>Discount{order.discountCode === null ? '' : ` (${order.discountCode})`}</dt>
              <dd>−{formatCents(order.discountCents, order.currency)}</dd>
            </>
          )}
          <dt>Total</dt>
          <dd>
            <strong>{formatCents(order.totalCents, order.currency)}</strong>
            {refunded ? ', refunded' : ', paid'}
          </dd>
          {order.cardLast4 !== null && (
            <>
              <dt>Card</dt>
              <dd>Ending in {order.cardLast4}</dd>
            </>
          )}
        </dl>
        {order.receiptDocumentId !== null && (
          <ReceiptButton documentId={order.receiptDocumentId} orderNumber={order.number} />
        )}
      </Stack>
    </Stack>
  );
}
