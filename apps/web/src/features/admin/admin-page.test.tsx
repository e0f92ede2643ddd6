import { AUTH_COOKIE_NAME } from '@nestling/shared/constants';
import type { AdminUser } from '@nestling/shared/contract/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  ADMIN_COOKIE_NAME,
  getAdminToken,
  getAuthToken,
  setAuthToken,
} from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, jsonError } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { AdminPage, asAdminTab } from './admin-page.tsx';

const admin = makeUser({
  id: 'demo-admin',
  email: 'admin@nestling.health',
  name: { First: 'Avery', Last: 'Admin' },
  isAdminUser: true,
});

const mother: AdminUser = {
  id: 'demo-mother',
  email: 'mother@demo.test',
  firstName: 'Maya',
  lastName: 'Demo',
  isAdminUser: false,
  emailVerified: true,
  enableDataPortal: false,
  createdAt: '2026-01-05T15:04:05.000Z',
};
const staff: AdminUser = {
  id: 'demo-staff',
  email: 'staff@demo.test',
  firstName: 'Sam',
  lastName: 'Staff',
  isAdminUser: true,
  emailVerified: false,
  enableDataPortal: false,
  createdAt: '2026-01-04T15:04:05.000Z',
};

async function setup(user = admin) {
  setAuthToken('admin-token');
  const services = createTestServices({ user });
  const calls = answerRoutes(services, {
    'GET /api/admin/users': (_body, url) =>
      Response.json({
        users: url.searchParams.get('q') === 'maya' ? [mother] : [mother, staff],
      }),
    'POST /api/admin/impersonation': () =>
      Response.json({ token: 'patient-token', expiresAt: 2_000_000_000 }),
  });
  const rendered = await renderWithRouter(<AdminPage />, { path: '/admin', user, services });
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('AdminPage', () => {
  it('tells others calmly that the page is for lab staff, and asks the server nothing', async () => {
    const { fetch } = await setup(makeUser());
    expect(screen.getByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByText('This page is for lab staff.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says, accessibly, that the users are loading', async () => {
    setAuthToken('admin-token');
    const services = createTestServices({ user: admin });
    // The answers never come: the page stays as it is while waiting.
    services.fetch.mockImplementation(() => new Promise<Response>(() => undefined));
    const { container } = await renderWithRouter(<AdminPage />, {
      path: '/admin',
      user: admin,
      services,
    });
    expect(await screen.findByRole('status', { name: 'Loading users' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('searches users by name or email and lists them with their actions', async () => {
    const { calls, user, container } = await setup();
    const rows = () => within(screen.getByRole('table', { name: 'Users' })).getAllByRole('row');
    await screen.findByRole('table', { name: 'Users' });
    expect(rows()).toHaveLength(3);

    await user.type(screen.getByLabelText('Search by name or email'), '  maya ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(rows()).toHaveLength(2);
    });
    expect(calls.at(-1)?.url.searchParams.get('q')).toBe('maya');

    const row = rows()[1];
    if (row === undefined) throw new Error('no row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Maya Demo',
      'mother@demo.test',
      'Yes',
      'No',
      'Off',
      expect.stringContaining('View as') as string,
    ]);
    expect(within(row).getByRole('switch', { name: 'My Data for Maya Demo' })).not.toBeChecked();
    expect(within(row).getByRole('link', { name: 'View as Maya Demo' })).toHaveAttribute(
      'href',
      '/?as_user=demo-mother',
    );
    expect(within(row).getByRole('button', { name: 'Impersonate Maya Demo' })).toBeEnabled();
    await expectNoAxeViolations(container);
  });

  it('offers impersonation for patients only, and to primary admins only', async () => {
    const primary = await setup();
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.getByRole('link', { name: 'View as Sam Staff' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Impersonate Sam Staff' })).toBeNull();
    primary.unmount();

    // An admin outside the company's domain may view as patients, not impersonate them.
    await setup({ ...admin, email: 'staff@partner-lab.test' });
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.getByRole('link', { name: 'View as Maya Demo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Impersonate/ })).toBeNull();
  });

  it("impersonates: keeps the admin's token aside, signs in as the patient, opens the portal", async () => {
    const { calls, user, router, queryClient } = await setup();
    const clear = vi.spyOn(queryClient, 'resetQueries');
    await user.click(await screen.findByRole('button', { name: 'Impersonate Maya Demo' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(calls.find((call) => call.key === 'POST /api/admin/impersonation')?.body).toEqual({
      userId: 'demo-mother',
    });
    expect(getAuthToken()).toBe('patient-token');
    expect(getAdminToken()).toBe('admin-token');
    expect(document.cookie).toContain(`${AUTH_COOKIE_NAME}=patient-token`);
    expect(document.cookie).toContain(`${ADMIN_COOKIE_NAME}=admin-token`);
    // Nothing the admin saw stays cached.
    expect(clear).toHaveBeenCalled();
  });

  it('shows a refusal beside the list and stays on the page', async () => {
    const { user, router, ...services } = await setup();
    answerRoutes(services, {
      'GET /api/admin/users': () => Response.json({ users: [mother] }),
      'POST /api/admin/impersonation': () => jsonError(403, 'Admins cannot be impersonated'),
    });
    await user.click(await screen.findByRole('button', { name: 'Impersonate Maya Demo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Admins cannot be impersonated');
    expect(router.state.location.pathname).toBe('/admin');
    expect(getAuthToken()).toBe('admin-token');
    expect(getAdminToken()).toBeUndefined();
    expect(services.navigate).not.toHaveBeenCalled();
  });
});

describe('asAdminTab', () => {
  it('opens a section by its name, and by the name a staff bookmark may still hold', () => {
    expect(asAdminTab('counselors')).toBe('counselors');
    // The section's name before the code took US spelling.
    expect(asAdminTab('counsellors')).toBe('counselors');
    expect(asAdminTab('payroll')).toBeUndefined();
    expect(asAdminTab(undefined)).toBeUndefined();
  });
});
