import type { CurrentUser } from '@nestling/shared/contract/user';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getAdminToken, getAuthToken, setAdminToken, setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, jsonError, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderApp, renderWithRouter } from '../../test/render.tsx';
import { ImpersonationBar } from './impersonation-bar.tsx';

const admin = makeUser({
  id: 'demo-admin',
  email: 'admin@nestling.health',
  name: { First: 'Avery', Last: 'Admin' },
  isAdminUser: true,
});
const father = makeUser({
  id: 'demo-father',
  email: 'father@demo.test',
  name: { First: 'Daniel', Last: 'Demo' },
  sex: 'Male',
});
const impersonated: CurrentUser = {
  ...makeUser({
    id: 'demo-mother',
    email: 'mother@demo.test',
    name: { First: 'Maya', Last: 'Demo' },
  }),
  impersonatedBy: { id: 'demo-admin', email: 'admin@nestling.health', name: 'Avery Admin' },
};

/** The whole portal at `path`, signed in, with the fake API answering `routes` from the start. */
async function renderPortal(path: string, routes: Record<string, RouteHandler>) {
  setAuthToken('current-token');
  const services = createTestServices();
  const calls = answerRoutes(services, routes);
  const { router } = await renderApp(path, { services });
  return { ...services, router, calls, user: userEvent.setup() };
}

describe('ImpersonationBar', () => {
  async function setup(routes: Record<string, RouteHandler>) {
    setAuthToken('patient-token');
    setAdminToken('kept-admin-token');
    const services = createTestServices();
    const calls = answerRoutes(services, routes);
    const clear = vi.spyOn(services.queryClient, 'resetQueries');
    const rendered = await renderWithRouter(<ImpersonationBar user={impersonated} />, {
      path: '/reports',
      services,
    });
    return { ...rendered, calls, clear, user: userEvent.setup() };
  }

  it("says whose account this is, and 'Return to my account' restores the admin's", async () => {
    const { user, calls, clear, router } = await setup({
      'DELETE /api/admin/impersonation': () =>
        Response.json({ token: 'fresh-admin-token', expiresAt: 2_000_000_000 }),
    });
    const bar = screen.getByRole('region', { name: 'Impersonation' });
    expect(bar).toHaveTextContent('You are signed in as Maya Demo (mother@demo.test)');
    await expectNoAxeViolations(bar);

    await user.click(within(bar).getByRole('button', { name: 'Return to my account' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/admin');
    });
    expect(calls.map((call) => call.key)).toEqual(['DELETE /api/admin/impersonation']);
    expect(getAuthToken()).toBe('fresh-admin-token');
    expect(getAdminToken()).toBeUndefined();
    expect(clear).toHaveBeenCalled();
  });

  it('falls back to the kept admin token when the impersonation has already ended', async () => {
    const { user, router, navigate } = await setup({
      'DELETE /api/admin/impersonation': () => jsonError(401, 'Session expired'),
    });
    await user.click(screen.getByRole('button', { name: 'Return to my account' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/admin');
    });
    expect(getAuthToken()).toBe('kept-admin-token');
    expect(getAdminToken()).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says so when the server cannot end it, and changes nothing', async () => {
    const { user, router } = await setup({
      'DELETE /api/admin/impersonation': () => jsonError(503, 'Service Unavailable'),
    });
    await user.click(screen.getByRole('button', { name: 'Return to my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/our side/);
    expect(router.state.location.pathname).toBe('/reports');
    expect(getAuthToken()).toBe('patient-token');
    expect(getAdminToken()).toBe('kept-admin-token');
  });
});

describe('the bars in the portal', () => {
  it('shows the impersonation bar above every page while impersonating', async () => {
    await renderPortal('/resources', {
      'GET /api/user/me': () => Response.json(impersonated),
    });
    expect(await screen.findByRole('region', { name: 'Impersonation' })).toHaveTextContent(
      'You are signed in as Maya Demo (mother@demo.test)',
    );
  });

  it('shows an admin whose portal this is, keeps as_user on the way, and drops it on request', async () => {
    const { calls, user, router } = await renderPortal('/resources?as_user=demo-father', {
      'GET /api/user/me': () => Response.json({ ...admin, impersonatedBy: null }),
      'GET /api/user': () => Response.json({ user: father }),
    });
    const bar = await screen.findByRole('region', { name: 'Viewing as' });
    await waitFor(() => {
      expect(bar).toHaveTextContent('Viewing the portal as Daniel Demo (father@demo.test)');
    });
    await expectNoAxeViolations(bar);
    expect(calls.find((call) => call.key === 'GET /api/user')?.url.searchParams.get('asUser')).toBe(
      'demo-father',
    );

    // In-app navigation keeps viewing as the same person.
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Reports',
      }),
    );
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/reports');
    });
    expect(router.state.location.search).toMatchObject({ as_user: 'demo-father' });

    const back = within(bar).getByRole('link', { name: 'Back to my portal' });
    expect(back).toHaveAttribute('href', '/reports');
    await user.click(back);
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Viewing as' })).toBeNull();
    });
    expect(router.state.location.href).toBe('/reports');
  });

  it('shows no bar to a patient with as_user, and asks the server nothing about it', async () => {
    const { calls } = await renderPortal('/resources?as_user=demo-father', {
      'GET /api/user/me': () => Response.json(father),
    });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('region', { name: 'Viewing as' })).toBeNull();
    expect(calls.map((call) => call.key)).not.toContain('GET /api/user');
  });
});
