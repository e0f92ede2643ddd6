import { Alert, Stack, Text } from '@mantine/core';
import { ApiError } from '../../lib/api.ts';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { pendingOrFailed } from '../../ui/page-status.tsx';
import { BuyATest } from '../purchase/index.ts';
import { OrderView } from './order-view.tsx';
import { useOrder, useOrders } from './use-orders.ts';

const TITLE = 'Your order';

/** An order id that is not the person's answers 404: said calmly, with the way to their orders. */
function OrderNotFound() {
  return (
    <Alert color="gray" title="Order not found">
      <Stack gap="xs">
        <Text>We could not find this order in your account. The link may be incomplete.</Text>
        <AnchorLink to="/purchased">See your purchases</AnchorLink>
      </Stack>
    </Alert>
  );
}

function OneOrder({ id }: { id: string }) {
  const order = useOrder(id);
  if (order.isError && order.error instanceof ApiError && order.error.status === 404) {
    return <OrderNotFound />;
  }
  if (order.isPending || order.isError) return pendingOrFailed(order, 'your order');
  return <OrderView order={order.data} />;
}

function NewestOrder() {
  const orders = useOrders();
  if (orders.isPending || orders.isError) return pendingOrFailed(orders, 'your order');
  const [newest] = orders.data.orders;
  if (newest === undefined) return <BuyATest />;
  return (
    <Stack gap="md">
      {orders.data.orders.length > 1 && (
        <Text>
          This is your most recent order.{' '}
          <AnchorLink to="/purchased">See all your purchases</AnchorLink>
        </Text>
      )}
      <OrderView order={newest} />
    </Stack>
  );
}

/** /order: one order's tracker; without `id`, the newest order, or what there is to buy. */
export function OrderPage({ id }: { id: string | undefined }) {
  return (
    <>
      <PageHeading title={TITLE} />
      {id === undefined ? <NewestOrder /> : <OneOrder id={id} />}
    </>
  );
}
