import { createFileRoute } from '@tanstack/react-router';
import { PurchasePage } from '../features/purchase/purchase-page.tsx';
import { validatePurchaseSearch } from '../features/purchase/search.ts';

export const Route = createFileRoute('/purchase-30x')({
  validateSearch: validatePurchaseSearch,
  component: function Purchase() {
    return <PurchasePage product="couple-30x" search={Route.useSearch()} />;
  },
});
