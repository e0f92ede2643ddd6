import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAuthToken } from '../../lib/auth-cookie.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

describe('signing out', () => {
  it('ends the session on the server, forgets the token and goes to /signin', async () => {
    const { router, fetch } = await renderApp('/resources', { user: makeUser() });
    await screen.findByRole('heading', { level: 1, name: 'Resources' });

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

    await expect.poll(() => router.state.location.pathname).toBe('/signin');
    const signOut = fetch.mock.calls.find(
      ([input]) => typeof input === 'string' && input.endsWith('/api/user/sign-out'),
    );
    expect(signOut?.[1]?.method).toBe('POST');
    expect(new Headers(signOut?.[1]?.headers).get('authorization')).toBe('Bearer test-token');
    expect(getAuthToken()).toBeUndefined();
  });
});
