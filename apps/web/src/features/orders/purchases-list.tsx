import { Card, Group, Stack, Title } from '@mantine/core';
import { ORDER_STAGE_LABELS, type PurchaseOrder } from '@nestling/shared/contract/order-tracker';
import { formatCents } from '@nestling/shared/contract/purchase';
import { formatUsDate } from '@nestling/shared/products';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import classes from './orders.module.css';
import { ReceiptButton } from './receipt-button.tsx';

/** The person's purchases, newest first, each with the way to its tracker and its receipt. */
export function PurchasesList({ orders }: { orders: PurchaseOrder[] }) {
  return (
    <Stack gap="md">
      {orders.map((order) => (
        <Card
          key={order.id}
          withBorder
          padding="md"
          component="section"
          aria-label={`Order ${order.number}`}
        >
          <Stack gap="sm">
            <Title order={2} size="h4">
              {order.productName}
            </Title>
            <dl className={classes.facts}>
              <dt>Order number</dt>
              <dd>{order.number}</dd>
              <dt>Ordered on</dt>
              <dd>{formatUsDate(order.purchaseDate)}</dd>
              <dt>Total</dt>
              <dd>{formatCents(order.totalCents, order.currency)}</dd>
              <dt>Status</dt>
              <dd>{order.status === 'refunded' ? 'Refunded' : 'Paid'}</dd>
              <dt>Stage</dt>
              <dd>
                {order.status === 'refunded'
                  ? 'Stopped: the order was refunded'
                  : ORDER_STAGE_LABELS[order.stage]}
              </dd>
            </dl>
            <Group gap="md" align="flex-start">
              <AnchorLink
                to="/order"
                search={{ id: order.id }}
                aria-label={`Track order ${order.number}`}
              >
                Track
              </AnchorLink>
              {order.receiptDocumentId !== null && (
                <ReceiptButton documentId={order.receiptDocumentId} orderNumber={order.number} />
              )}
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
