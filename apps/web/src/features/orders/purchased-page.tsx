import { PageHeading } from '../../ui/page-heading.tsx';
import { pendingOrFailed } from '../../ui/page-status.tsx';
import { BuyATest } from '../purchase/index.ts';
import { PurchasesList } from './purchases-list.tsx';
import { useOrders } from './use-orders.ts';

/** /purchased: what the person has bought, or what they can buy. */
export function PurchasedPage() {
  const orders = useOrders();
  return (
    <>
      <PageHeading title="Your purchases" />
      {orders.isPending || orders.isError ? (
        pendingOrFailed(orders, 'your purchases')
      ) : orders.data.orders.length === 0 ? (
        <BuyATest />
      ) : (
        <PurchasesList orders={orders.data.orders} />
      )}
    </>
  );
}
