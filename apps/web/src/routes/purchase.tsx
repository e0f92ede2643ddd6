import { createFileRoute } from '@tanstack/react-router';
import { PurchasePage } from '../features/purchase/purchase-page.tsx';
import { validatePurchaseSearch } from '../features/purchase/search.ts';

export const Route = createFileRoute('/purchase')({
  validateSearch: validatePurchaseSearch,
  component: function Purchase() {
    return <PurchasePage product="couple" search={Route.useSearch()} />;
  },
});
