import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

describe('useCurrentUser (through the layout)', () => {
  it('asks for nobody without an auth cookie', async () => {
    const { fetch } = await renderApp('/terms');
    expect(fetch).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Sign in',
      }),
    ).toBeInTheDocument();
  });

  it('loads GET /user/me with the token when the cookie is there', async () => {
    const { fetch } = await renderApp('/terms', {
      user: makeUser({ name: { First: 'Grace', Last: 'Hopper' } }),
    });
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/account-settings',
    );
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('http://localhost:3000/api/user/me');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer test-token');
  });
});
