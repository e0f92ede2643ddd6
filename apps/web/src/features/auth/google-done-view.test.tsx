import { AUTH_COOKIE_NAME } from '@nestling/shared/constants';
import { GOOGLE_SIGN_IN_CHANNEL } from '@nestling/shared/google-sign-in';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { GoogleDoneView } from './google-done-view.tsx';

/** Listens as the waiting sign-in page does. */
function listen() {
  const messages: unknown[] = [];
  const channel = new BroadcastChannel(GOOGLE_SIGN_IN_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    messages.push(event.data);
  };
  return {
    messages,
    close: () => {
      channel.close();
    },
  };
}

async function setup(
  props: { mode?: 'popup' | 'page'; next?: string; error?: string },
  token: () => Response = () => Response.json({ token: 'google-tok', expiresAt: 2_000_000_000 }),
) {
  const services = createTestServices();
  const calls = answerRoutes(services, { 'POST /api/user/token': token });
  const rendered = await renderWithRouter(
    <GoogleDoneView mode={props.mode} next={props.next} error={props.error} />,
    { path: '/signin/google-done', services },
  );
  return { calls, ...rendered };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GoogleDoneView', () => {
  it('in the popup, tells the sign-in page it worked and closes, asking nothing itself', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const listener = listen();
    try {
      const { calls } = await setup({ mode: 'popup' });
      await waitFor(() => {
        expect(listener.messages).toEqual([{ type: 'google-sign-in', ok: true }]);
      });
      expect(close).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('status')).toHaveTextContent(
        'You are signed in with Google. You can close this window.',
      );
      expect(calls).toEqual([]);
    } finally {
      listener.close();
    }
  });

  it('in the popup, passes the error code on and says what went wrong', async () => {
    vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const listener = listen();
    try {
      await setup({ mode: 'popup', error: 'google_email_not_verified' });
      await waitFor(() => {
        expect(listener.messages).toEqual([
          { type: 'google-sign-in', ok: false, error: 'google_email_not_verified' },
        ]);
      });
      expect(screen.getByRole('status')).toHaveTextContent(
        'Google has not verified the email address of this Google account',
      );
    } finally {
      listener.close();
    }
  });

  it('after a full-page sign-in, takes the token and goes on to next', async () => {
    const { calls, router } = await setup({ mode: 'page', next: '/reports?tab=joint' });
    await waitFor(() => {
      expect(router.state.location.href).toBe('/reports?tab=joint');
    });
    expect(calls.map((call) => call.key)).toEqual(['POST /api/user/token']);
    expect(document.cookie).toContain(`${AUTH_COOKIE_NAME}=google-tok`);
  });

  it('after a failed full-page sign-in, explains and links back to sign in', async () => {
    const { calls } = await setup({ next: '/reports', error: 'access_denied' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in was canceled.');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/signin?next=%2Freports',
    );
    expect(calls).toEqual([]);
  });

  it('shows the server’s answer when the session cannot be exchanged for a token', async () => {
    const { router } = await setup({ mode: 'page' }, () => jsonError(401, 'No token in context'));
    expect(await screen.findByRole('alert')).toHaveTextContent('No token in context');
    expect(router.state.location.pathname).toBe('/signin/google-done');
  });
});
