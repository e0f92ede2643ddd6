import type { MyDataOverview } from '@nestling/shared/contract/data-rights';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { DataRightsPage } from './data-rights-page.tsx';

const user = makeUser({ enableDataPortal: true });

async function setup() {
  setAuthToken('patient-token');
  const services = createTestServices({ user });
  const state: MyDataOverview = {
    held: [
      { kind: 'reports', count: 2, bytes: null },
      { kind: 'documents', count: 3, bytes: 1536 },
      { kind: 'surveys', count: 1, bytes: null },
      { kind: 'imports', count: 0, bytes: 0 },
      { kind: 'exports', count: 0, bytes: 0 },
      { kind: 'clinic-sharing', count: 0, bytes: null },
    ],
    researchConsentSince: null,
    deletion: null,
  };
  answerRoutes(services, { 'GET /api/my-data': () => Response.json(state) });
  return renderWithRouter(<DataRightsPage />, { path: '/my-data', user, services });
}

describe('the data-rights center', () => {
  it('lists what is held, with sizes, each linked to where it is', async () => {
    await setup();
    const held = await screen.findByRole('region', { name: 'What we hold about you' });
    expect(held).toHaveTextContent('Reports2 reports');
    expect(held).toHaveTextContent('Documents3 documents, 1.5 KB');
    expect(held).toHaveTextContent('Imported genetic data0 files');
    expect(within(held).getByRole('link', { name: 'Documents' })).toHaveAttribute(
      'href',
      '/reports?tab=documents',
    );
  });

  it('points to account settings for the consent and deleting the account', async () => {
    await setup();
    expect(await screen.findByRole('link', { name: 'Account settings' })).toHaveAttribute(
      'href',
      '/account-settings',
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
