import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../features/orders/order-page.tsx';
import { validateOrderSearch } from '../lib/search.ts';

export const Route = createFileRoute('/order')({
  validateSearch: validateOrderSearch,
  component: function Order() {
    const { id } = Route.useSearch();
    return <OrderPage id={id} />;
  },
});
