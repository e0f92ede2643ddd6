import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clearAuthToken, setAuthToken } from '../lib/auth-cookie.ts';
import { answerRoutes } from '../test/fetch-routes.ts';
import { makeUser } from '../test/fixtures.ts';
import { createTestServices, renderApp } from '../test/render.tsx';
import { needsQueryLayer } from './query-layer.ts';

/** The whole portal at `path`, as the app draws it: TanStack Query only from the query layer. */
async function renderPortal(path: string) {
  const services = createTestServices();
  const load = vi.spyOn(services.queries, 'load');
  const { router } = await renderApp(path, { services });
  return { ...services, router, load, user: userEvent.setup() };
}

describe('needsQueryLayer', () => {
  it('is false for /signin signed out, and true everywhere else', () => {
    clearAuthToken();
    expect(needsQueryLayer('/signin')).toBe(false);
    expect(needsQueryLayer('/signin/')).toBe(false);
    expect(needsQueryLayer('/signup')).toBe(true);
    expect(needsQueryLayer('/signin/google-done')).toBe(true);
    expect(needsQueryLayer('/terms')).toBe(true);
    setAuthToken('a-token');
    expect(needsQueryLayer('/signin')).toBe(true);
    clearAuthToken();
  });
});

describe('the query layer', () => {
  it('is not loaded for /signin signed out; signing in loads it and the header shows the user', async () => {
    clearAuthToken();
    const portal = await renderPortal('/signin?next=%2Fterms');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(portal.load).not.toHaveBeenCalled();
    answerRoutes(portal, {
      'POST /api/auth/sign-in/email': () => Response.json({}),
      'POST /api/user/token': () => Response.json({ token: 'tok-1', expiresAt: 2_000_000_000 }),
      'GET /api/user/me': () => Response.json(makeUser({ name: { First: 'Ada', Last: 'Byron' } })),
    });
    await portal.user.type(screen.getByLabelText(/^Email/), 'ada@demo.test');
    await portal.user.type(screen.getByLabelText(/^Password/), 'a password');
    await portal.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => {
      expect(portal.router.state.location.pathname).toBe('/terms');
    });
    expect(portal.load).toHaveBeenCalled();
    expect(await screen.findByRole('link', { name: 'Ada Byron' })).toHaveAttribute(
      'href',
      '/account-settings',
    );
    clearAuthToken();
  });

  it('is loaded before any other page is drawn, signed out too', async () => {
    clearAuthToken();
    const portal = await renderPortal('/terms');
    expect(portal.load).toHaveBeenCalled();
  });
});
