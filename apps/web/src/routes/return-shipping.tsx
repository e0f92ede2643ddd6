import { createFileRoute } from '@tanstack/react-router';
import { ReturnShippingPage } from '../features/delivery/return-shipping-page.tsx';

export const Route = createFileRoute('/return-shipping')({
  component: ReturnShippingPage,
});
