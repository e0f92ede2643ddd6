import { productsAnswerSchema } from '@nestling/shared/contract/purchase';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';

/** GET /products: the catalogue, for someone who has not bought yet. */
export function useProducts() {
  const api = useApi();
  return useQuery({
    queryKey: ['products'],
    queryFn: ({ signal }) => api.get('/products', productsAnswerSchema, { signal }),
  });
}
