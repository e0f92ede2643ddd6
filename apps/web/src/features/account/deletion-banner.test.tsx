import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { DeletionBanner } from './deletion-banner.tsx';

async function setup(deletion: { requestedAt: string; dueAt: string } | null) {
  setAuthToken('patient-token');
  const user = makeUser();
  const services = createTestServices({ user });
  const calls = answerRoutes(services, {
    'GET /api/user/privacy': () =>
      Response.json({ researchConsentSince: null, deletion, testRecordRetentionYears: 10 }),
  });
  await renderWithRouter(<DeletionBanner />, { path: '/reports', user, services });
  return calls;
}

describe('the account deletion banner', () => {
  it('says when the account will be deleted and leads to keeping it', async () => {
    await setup({ requestedAt: '2026-11-02T15:00:00.000Z', dueAt: '2026-11-16T15:00:00.000Z' });
    const banner = await screen.findByRole('region', { name: 'Account deletion' });
    expect(banner).toHaveTextContent('Your account will be deleted on 11/16/2026');
    expect(screen.getByRole('link', { name: 'Keep my account' })).toHaveAttribute(
      'href',
      '/account-settings',
    );
  });

  it('is not there while the account is not set to be deleted', async () => {
    const calls = await setup(null);
    // Asked, and answered: nothing to say.
    await vi.waitFor(() => {
      expect(calls.some((call) => call.key === 'GET /api/user/privacy')).toBe(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Account deletion' })).not.toBeInTheDocument();
  });
});
