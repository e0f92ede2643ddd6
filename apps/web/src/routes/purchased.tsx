import { createFileRoute } from '@tanstack/react-router';
import { PurchasedPage } from '../features/orders/purchased-page.tsx';

export const Route = createFileRoute('/purchased')({
  component: PurchasedPage,
});
