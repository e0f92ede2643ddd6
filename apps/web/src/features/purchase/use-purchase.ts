import { purchaseOrderSchema } from '@nestling/shared/contract/order-tracker';
import {
  checkoutSchema,
  orderSummarySchema,
  productsAnswerSchema,
  type CheckoutRequest,
  type ProductCode,
  type QuoteRequest,
  type TestCard,
} from '@nestling/shared/contract/purchase';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';

const checkoutPath = (id: string): `/checkout/${string}` => `/checkout/${encodeURIComponent(id)}`;

/** GET /products: the catalogue, public and the same for everyone. */
export function useProduct(code: ProductCode) {
  const api = useApi();
  return useQuery({
    queryKey: ['products'],
    queryFn: ({ signal }) => api.get('/products', productsAnswerSchema, { signal }),
    select: (answer) => answer.products.find((product) => product.code === code) ?? null,
  });
}

/** POST /checkout/quote: the order summary the server computes, with or without a code. */
export function useQuote() {
  const api = useApi();
  return useMutation({
    mutationFn: (request: QuoteRequest) =>
      api.post('/checkout/quote', orderSummarySchema, { body: request }),
  });
}

/** POST /checkout: the same idempotency key answers the same checkout. */
export function useStartCheckout() {
  const api = useApi();
  return useMutation({
    mutationFn: (request: CheckoutRequest) =>
      api.post('/checkout', checkoutSchema, { body: request }),
  });
}

/**
 * GET /checkout/{id}. `pollMs` asks again that often while the payment is not settled (the
 * page that waits for a payment to be confirmed).
 */
export function useCheckout(id: string | undefined, { pollMs }: { pollMs?: number } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: ['checkout', id],
    queryFn: ({ signal }) => api.get(checkoutPath(id ?? ''), checkoutSchema, { signal }),
    enabled: id !== undefined,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return pollMs !== undefined && (status === 'open' || status === 'requires_action')
        ? pollMs
        : false;
    },
  });
}

/** POST /checkout/{id}/test-payment: the test provider's card. */
export function useTestPayment(checkoutId: string) {
  const api = useApi();
  return useMutation({
    mutationFn: (card: TestCard) =>
      api.post(`${checkoutPath(checkoutId)}/test-payment`, checkoutSchema, { body: card }),
  });
}

/** POST /checkout/{id}/test-payment/confirm: the extra step some cards ask for. */
export function useConfirmTestPayment(checkoutId: string) {
  const api = useApi();
  return useMutation({
    mutationFn: (approve: boolean) =>
      api.post(`${checkoutPath(checkoutId)}/test-payment/confirm`, checkoutSchema, {
        body: { approve },
      }),
  });
}

/** GET /orders/{id}: the order a paid checkout made. */
export function usePaidOrder(orderId: string | null | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['orders', null, orderId],
    queryFn: ({ signal }) =>
      api.get(`/orders/${encodeURIComponent(orderId ?? '')}`, purchaseOrderSchema, { signal }),
    enabled: typeof orderId === 'string',
  });
}
