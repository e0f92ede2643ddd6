import {
  purchaseOrderSchema,
  purchaseOrdersAnswerSchema,
} from '@nestling/shared/contract/order-tracker';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';

/** GET /orders: the person's purchases, newest first. */
export function useOrders() {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: ['orders', asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/orders', purchaseOrdersAnswerSchema, { query: { asUser }, signal }),
  });
}

/** GET /orders/{id}: one order with its tracker; 404 when it is not the person's. */
export function useOrder(id: string) {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: ['orders', asUser ?? null, id],
    queryFn: ({ signal }) =>
      api.get(`/orders/${encodeURIComponent(id)}`, purchaseOrderSchema, {
        query: { asUser },
        signal,
      }),
  });
}
