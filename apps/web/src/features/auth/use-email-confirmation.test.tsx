import { EMAIL_CHANGED_MESSAGE } from '@nestling/shared/contract/account';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiProvider } from '../../lib/api-context.tsx';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes } from '../../test/fetch-routes.ts';
import { createTestServices } from '../../test/render.tsx';
import { useConfirmEmail } from './use-email-confirmation.ts';

async function confirmCode() {
  const services = createTestServices();
  answerRoutes(services, {
    'POST /api/user/email/confirm': () => Response.json({ message: EMAIL_CHANGED_MESSAGE }),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider client={services.api}>
      <QueryClientProvider client={services.queryClient}>{children}</QueryClientProvider>
    </ApiProvider>
  );
  const { result } = renderHook(() => useConfirmEmail(), { wrapper });
  result.current.mutate('code-1');
  await waitFor(() => {
    expect(result.current.isSuccess).toBe(true);
  });
  const [, init] = services.fetch.mock.calls[0] ?? [];
  return init?.headers as Record<string, string> | undefined;
}

describe('useConfirmEmail', () => {
  it('sends the access token along when signed in, so an email change keeps this device', async () => {
    setAuthToken('test-token');
    expect(await confirmCode()).toMatchObject({ Authorization: 'Bearer test-token' });
  });

  it('works without a token, from a mail opened anywhere', async () => {
    expect((await confirmCode())?.Authorization).toBeUndefined();
  });
});
