import { individualOrderSchema } from '@nestling/shared/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';

/**
 * PATCH /individual_reports/{id}/activate (spec section 7): the person has their kit. Only for
 * their own orders: lab staff viewing a portal cannot activate for the patient.
 */
export function useActivateOrder() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      api.patch(
        `/individual_reports/${encodeURIComponent(orderId)}/activate`,
        individualOrderSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user', 'portal'] }),
  });
}
