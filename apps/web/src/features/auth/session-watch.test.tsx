import { AUTH_COOKIE_NAME, TOKEN_CHECK_INTERVAL_MS } from '@nestling/shared/constants';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAuthToken, setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes } from '../../test/fetch-routes.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { SessionWatch } from './session-watch.tsx';

const START = Date.UTC(2026, 10, 22, 12, 0, 0);

function jwt(exp: number): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'EdDSA' })}.${encode({ sub: 'user-1', exp })}.sig`;
}

afterEach(() => {
  vi.useRealTimers();
});

async function tick() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS);
  });
}

describe('SessionWatch', () => {
  it("'Stay signed in' gets a fresh token with the current one", async () => {
    vi.useFakeTimers({ now: START, shouldAdvanceTime: true });
    const oldToken = jwt(START / 1000 + 5 * 60);
    const newToken = jwt(START / 1000 + 35 * 60);
    setAuthToken(oldToken);
    const services = createTestServices();
    const calls = answerRoutes(services, {
      'POST /api/user/token': () => Response.json({ token: newToken, expiresAt: 0 }),
    });
    await renderWithRouter(<SessionWatch />, { path: '/reports', services });
    await tick();
    fireEvent.click(await screen.findByRole('button', { name: 'Stay signed in' }));
    await tick();
    expect(getAuthToken()).toBe(newToken);
    expect(calls[0]?.key).toBe('POST /api/user/token');
    expect(services.fetch.mock.calls[0]?.[1]?.headers).toMatchObject({
      Authorization: `Bearer ${oldToken}`,
    });
  });

  it('signs out on expiry and goes to /signin with the current page as next', async () => {
    vi.useFakeTimers({ now: START, shouldAdvanceTime: true });
    setAuthToken(jwt(START / 1000 + 30));
    const { router } = await renderWithRouter(<SessionWatch />, { path: '/reports?tab=joint' });
    await tick();
    expect(router.state.location.href).toBe('/signin?next=%2Freports%3Ftab%3Djoint');
    expect(document.cookie).not.toContain(`${AUTH_COOKIE_NAME}=`);
  });
});
