import { userOnlyAnswerSchema } from '@nestling/shared/contract/view-as';
import type { User } from '@nestling/shared/contract/user';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '../../lib/api-context.tsx';

export interface ViewAsUserState {
  user?: User;
  error?: unknown;
}

/**
 * GET /user?asUser=: the user an admin views the portal as (the server audits each read).
 *
 * Through the query client's query() rather than useQuery: the bars load on every page an
 * admin views, and a useQuery call in their chunk makes the bundler split TanStack Query's core
 * out of the first load, which costs /signin over 1 kB of its budget.
 */
export function useViewAsUser(asUser: string): ViewAsUserState {
  const api = useApi();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ViewAsUserState & { asUser: string }>({ asUser });

  useEffect(() => {
    let current = true;
    queryClient
      .query({
        queryKey: ['user', 'view-as', asUser],
        queryFn: ({ signal }) =>
          api.get('/user', userOnlyAnswerSchema, { query: { asUser }, signal }),
      })
      .then(
        ({ user }) => {
          if (current) setState({ asUser, user });
        },
        (error: unknown) => {
          if (current) setState({ asUser, error });
        },
      );
    return () => {
      current = false;
    };
  }, [api, queryClient, asUser]);

  // A new asUser shows as loading until its own answer arrives.
  return state.asUser === asUser ? state : {};
}
