import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAuthToken, setAuthToken } from '../../lib/auth-cookie.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

/** The access gate through the real route tree: where each kind of user lands. */
describe('the access gate on the routes', () => {
  it('1. sends a visitor who is not signed in to /signin with the page asked for', async () => {
    const { router } = await renderApp('/reports?tab=joint');
    await expect
      .poll(() => router.state.location.href)
      .toBe('/signin?next=%2Freports%3Ftab%3Djoint');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  it('2. sends a user whose email is not confirmed to /verify-email, admin or not', async () => {
    const user = makeUser({ emailVerified: false, isAdminUser: true, phone: null });
    const { router } = await renderApp('/account-settings', { user });
    await expect
      .poll(() => router.state.location.href)
      .toBe('/verify-email?next=%2Faccount-settings');
  });

  it('3. lets an admin with an incomplete profile through', async () => {
    const user = makeUser({ isAdminUser: true, phone: null, sex: null });
    const { router } = await renderApp('/resources', { user });
    expect(await screen.findByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/resources');
  });

  it('4. sends a patient with an incomplete profile to /signup/step-1, keeping next', async () => {
    const { router } = await renderApp('/resources', { user: makeUser({ phone: null }) });
    await expect.poll(() => router.state.location.href).toBe('/signup/step-1?next=%2Fresources');
  });

  it('5. shows the page to a confirmed patient with a complete profile', async () => {
    const { router } = await renderApp('/resources', { user: makeUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/resources');
  });

  it('forgets a token the server no longer accepts and goes to /signin', async () => {
    setAuthToken('revoked-token');
    // The fake server answers /user/me with 404 without a user; make it a 401 instead.
    const { router, fetch } = await renderApp('/signin');
    fetch.mockImplementation(() =>
      Promise.resolve(
        Response.json(
          { statusCode: 401, error: 'Unauthorized', message: 'Session expired' },
          { status: 401 },
        ),
      ),
    );
    await router.navigate({ href: '/resources' });
    await expect.poll(() => router.state.location.href).toBe('/signin?next=%2Fresources');
    expect(getAuthToken()).toBeUndefined();
  });

  it.each(['/signin', '/signup', '/verify-email', '/reset-password', '/terms', '/privacy', '/403'])(
    '%s opens without signing in',
    async (path) => {
      const { router } = await renderApp(path);
      expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(router.state.location.pathname).toBe(path);
    },
  );
});
