import { AUTH_COOKIE_NAME } from '@nestling/shared/constants';
import { GOOGLE_SIGN_IN_CHANNEL } from '@nestling/shared/google-sign-in';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerRoutes } from '../../test/fetch-routes.ts';
import { testConfig } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { GoogleSignInOption } from './google-sign-in-option.tsx';

/** The completion page's report, as it posts it from the popup. */
function report(message: { ok: boolean; error?: string }) {
  const channel = new BroadcastChannel(GOOGLE_SIGN_IN_CHANNEL);
  channel.postMessage({ type: 'google-sign-in', ...message });
  channel.close();
}

function fakePopup() {
  const popup = { closed: false, close: vi.fn() };
  return popup;
}

async function setup({ enabled = true, next }: { enabled?: boolean; next?: string } = {}) {
  const services = createTestServices();
  services.config = { ...testConfig, features: { ...testConfig.features, googleSignIn: enabled } };
  const calls = answerRoutes(services, {
    'POST /api/user/token': () => Response.json({ token: 'google-tok', expiresAt: 2_000_000_000 }),
  });
  const rendered = await renderWithRouter(<GoogleSignInOption next={next} />, {
    path: '/signin',
    services,
  });
  return { user: userEvent.setup(), calls, ...rendered };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GoogleSignInOption', () => {
  it('offers nothing when the server has no Google settings', async () => {
    await setup({ enabled: false });
    // Give the lazily loaded button every chance to appear.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('signs in through the popup, then takes the token and goes to next', async () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { user, calls, router, navigate } = await setup({ next: '/reports?tab=joint' });

    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, name, features] = open.mock.calls[0] ?? [];
    expect(new URL(String(url)).pathname).toBe('/api/auth/google/start');
    expect(new URL(String(url)).searchParams.get('mode')).toBe('popup');
    expect(name).toBe('google-sign-in');
    expect(features).toMatch(/^popup,width=500,height=640,/);
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    // Nothing is asked of the server until the popup reports.
    expect(calls).toEqual([]);

    report({ ok: true });
    await waitFor(() => {
      expect(router.state.location.href).toBe('/reports?tab=joint');
    });
    expect(calls.map((call) => call.key)).toEqual(['POST /api/user/token']);
    expect(document.cookie).toContain(`${AUTH_COOKIE_NAME}=google-tok`);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says in plain words why Google sign-in failed, and stays on the page', async () => {
    vi.spyOn(window, 'open').mockReturnValue(fakePopup() as unknown as Window);
    const { user, calls, router } = await setup({ next: '/reports' });
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));

    report({ ok: false, error: 'access_denied' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google sign-in was canceled. Please try again, or sign in with your email and password.',
    );
    expect(calls).toEqual([]);
    expect(router.state.location.pathname).toBe('/signin');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).not.toHaveAttribute(
      'aria-busy',
    );
  });

  it('explains an existing account whose email is not confirmed', async () => {
    vi.spyOn(window, 'open').mockReturnValue(fakePopup() as unknown as Window);
    const { user } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    report({ ok: false, error: 'account_not_linked' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists, and its email is not confirmed yet.',
    );
  });

  it('notices when the popup is closed before Google sign-in finished', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { user, calls } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));

    popup.closed = true;
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The Google window was closed before sign-in finished.',
    );
    expect(calls).toEqual([]);
  });

  it('goes to Google with the whole page when the popup is blocked', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, navigate, calls } = await setup({ next: '/reports?tab=joint' });
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));

    expect(open).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    const target = new URL(navigate.mock.calls[0]?.[0] ?? '');
    expect(target.pathname).toBe('/api/auth/google/start');
    expect(target.searchParams.get('mode')).toBe('page');
    expect(target.searchParams.get('next')).toBe('/reports?tab=joint');
    expect(calls).toEqual([]);
  });
});
