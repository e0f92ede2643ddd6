import {
  adminOrderSchema,
  adminOrdersAnswerSchema,
  type AdminOrdersQuery,
  type OrderEventRequest,
} from '@nestling/shared/contract/order-tracker';
import {
  discountCodeSchema,
  discountCodesAnswerSchema,
  productSchema,
  type DiscountCodeCreate,
  type ProductCode,
  type ProductUpdate,
} from '@nestling/shared/contract/purchase';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { saveBlob } from '../reports/index.ts';

/*
 * The lab staff's calls for orders, products and discount codes. Each change refreshes the
 * lists it touches, so what is on screen is what the server holds.
 */

const ordersKey = ['admin', 'orders'] as const;

function filterQuery({ q, stage }: AdminOrdersQuery) {
  return { q: q === undefined || q === '' ? null : q, stage: stage ?? null };
}

/** GET /admin/orders: newest first, filtered by `q` (order number, kit id, email) and stage. */
export function useAdminOrders(filters: AdminOrdersQuery) {
  const api = useApi();
  return useQuery({
    queryKey: [...ordersKey, filters.q ?? '', filters.stage ?? ''],
    queryFn: ({ signal }) =>
      api.get('/admin/orders', adminOrdersAnswerSchema, { query: filterQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/orders/{id}/events: a shipment, a step forward or a correction back. */
export function useRecordOrderEvent() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OrderEventRequest }) =>
      api.post(`/admin/orders/${encodeURIComponent(id)}/events`, adminOrderSchema, {
        body,
        redirects: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}

/** POST /admin/orders/{id}/refund: the whole order, before its kit ships. */
export function useRefundOrder() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/admin/orders/${encodeURIComponent(id)}/refund`, adminOrderSchema, {
        redirects: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}

/** GET /admin/orders.csv with the list's filters, saved as a file. */
export function useExportOrders() {
  const api = useApi();
  return useMutation({
    mutationFn: (filters: AdminOrdersQuery) =>
      api.downloadCsv('/admin/orders.csv', filterQuery(filters), { redirects: false }),
    onSuccess: (blob) => {
      saveBlob(blob, `orders-${new Date().toISOString().slice(0, 10)}.csv`);
    },
  });
}

/** PUT /admin/products/{code}: price, description, what is included, turnaround. */
export function useUpdateProduct() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: ProductCode; body: ProductUpdate }) =>
      api.put(`/admin/products/${encodeURIComponent(code)}`, productSchema, {
        body,
        redirects: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

const codesKey = ['admin', 'discount-codes'] as const;

/** GET /admin/discount-codes. */
export function useDiscountCodes() {
  const api = useApi();
  return useQuery({
    queryKey: codesKey,
    queryFn: ({ signal }) =>
      api.get('/admin/discount-codes', discountCodesAnswerSchema, { signal }),
  });
}

/** POST /admin/discount-codes. */
export function useCreateDiscountCode() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscountCodeCreate) =>
      api.post('/admin/discount-codes', discountCodeSchema, { body, redirects: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codesKey }),
  });
}

/** PATCH /admin/discount-codes/{code}: switch a code on or off. */
export function useSetDiscountCodeActive() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, active }: { code: string; active: boolean }) =>
      api.patch(`/admin/discount-codes/${encodeURIComponent(code)}`, discountCodeSchema, {
        body: { active },
        redirects: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codesKey }),
  });
}
