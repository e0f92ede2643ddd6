import type { CurrentUser } from '@nestling/shared/contract/user';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderApp, renderWithRouter } from '../../test/render.tsx';
import { AccountSettings } from './account-settings.tsx';

beforeEach(() => {
  setAuthToken('test-token');
});

async function setup(user: CurrentUser) {
  const services = createTestServices();
  answerRoutes(services, {
    'GET /api/user/access-log': () =>
      Response.json({ entries: [], total: 0, page: 1, pageSize: 50 }),
    'GET /api/user/privacy': () =>
      Response.json({ researchConsentSince: null, deletion: null, testRecordRetentionYears: 10 }),
    'GET /api/user/sessions': () =>
      Response.json({
        sessions: [
          {
            id: 'laptop',
            device: 'Chrome on Linux',
            ipAddress: null,
            createdAt: '2026-06-15T12:00:00.000Z',
            lastUsedAt: '2026-06-15T13:30:00.000Z',
            current: true,
          },
        ],
      }),
  });
  return renderWithRouter(<AccountSettings />, { path: '/account-settings', user, services });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('AccountSettings', () => {
  it('has a named section for the profile, password, email, devices, who has seen the data, and data and privacy', async () => {
    await setup(makeUser());
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Profile',
      'Password',
      'Email',
      'Signed-in devices',
      'Who has seen your data',
      'Your data and privacy',
    ]);
    // Everyone's, My Data or not.
    expect(
      await within(section('Your data and privacy')).findByRole('checkbox', {
        name: /use my data, without my name/,
      }),
    ).toBeInTheDocument();
    expect(within(section('Profile')).getByLabelText(/^First name/)).toHaveValue('Ada');
    expect(within(section('Password')).getByLabelText(/^New password/)).toBeInTheDocument();
    expect(within(section('Email')).getByText('ada@demo.test')).toBeInTheDocument();
    expect(await within(section('Signed-in devices')).findByText('This device')).toBeVisible();
  });

  it('says nothing can be changed while impersonating: the profile shows read-only', async () => {
    await setup({
      ...makeUser(),
      impersonatedBy: { id: 'demo-admin', email: 'admin@nestling.health', name: 'Avery Admin' },
    });
    for (const name of ['Password', 'Email']) {
      expect(within(section(name)).getByText(/not available now/)).toBeInTheDocument();
      expect(within(section(name)).queryByRole('textbox')).not.toBeInTheDocument();
      expect(within(section(name)).queryByRole('button')).not.toBeInTheDocument();
    }
    expect(
      within(section('Profile')).queryByRole('button', { name: 'Save profile' }),
    ).not.toBeInTheDocument();
    expect(within(section('Profile')).getByLabelText(/^First name/)).toBeDisabled();
  });
});

describe('/account-settings', () => {
  it('shows the settings under the page heading', async () => {
    await renderApp('/account-settings', { user: makeUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account settings' }),
    ).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
  });
});
