import { AUDIT_DATES_REVERSED, type AuditEntry } from '@nestling/shared/contract/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { AdminPage } from './admin-page.tsx';

const admin = makeUser({ id: 'demo-admin', email: 'admin@nestling.health', isAdminUser: true });

const entry: AuditEntry = {
  id: 'a1',
  at: '2026-01-05T15:04:05.000Z',
  action: 'view-as',
  route: 'GET /api/user',
  page: '/reports/joint',
  requestId: 'r1',
  actorId: 'demo-admin',
  actorEmail: 'admin@nestling.health',
  subjectId: 'demo-mother',
  subjectEmail: 'mother@demo.test',
};

const answer = (total: number, page = 1) =>
  Response.json({ entries: [{ ...entry, id: `a${String(page)}` }], total, page, pageSize: 50 });

async function setup(routes: Record<string, RouteHandler> = {}) {
  setAuthToken('admin-token');
  const services = createTestServices({ user: admin });
  const calls = answerRoutes(services, {
    'GET /api/admin/audit': (_body, url) => answer(1, Number(url.searchParams.get('page'))),
    ...routes,
  });
  const rendered = await renderWithRouter(<AdminPage tab="audit" />, {
    path: '/admin',
    user: admin,
    services,
  });
  const auditCalls = () => calls.filter((call) => call.key === 'GET /api/admin/audit');
  return { ...rendered, calls, auditCalls, user: userEvent.setup() };
}

describe('the audit log', () => {
  it('lists entries with US times, who, whose, what, on which page and through which route', async () => {
    const { container, auditCalls } = await setup();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const cells = within(within(table).getAllByRole('row')[1] ?? table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toMatch(/^1\/[45]\/2026, \d{1,2}:04:05 [AP]M$/);
    expect(cells.slice(1)).toEqual([
      'admin@nestling.health',
      'mother@demo.test',
      'view-as',
      '/reports/joint',
      'GET /api/user',
    ]);
    expect(screen.getByText('Entries 1–1 of 1')).toBeInTheDocument();
    expect(auditCalls()[0]?.url.search).toBe('?page=1&pageSize=50');
    await expectNoAxeViolations(container);
  });

  it('asks the server for the filters chosen, the days whole in local time', async () => {
    const { user, auditCalls } = await setup();
    await screen.findByRole('table', { name: 'Audit log' });
    await user.type(screen.getByLabelText(/^Staff member/), ' staff@demo.test ');
    await user.type(screen.getByLabelText(/^Patient/), 'mother@demo.test');
    await user.selectOptions(screen.getByLabelText('Action'), 'impersonation-read');
    await user.type(screen.getByLabelText('From'), '2026-01-05');
    await user.type(screen.getByLabelText('To'), '2026-01-06');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => {
      expect(auditCalls()).toHaveLength(2);
    });
    const search = auditCalls()[1]?.url.searchParams;
    expect(Object.fromEntries(search ?? [])).toEqual({
      actor: 'staff@demo.test',
      subject: 'mother@demo.test',
      action: 'impersonation-read',
      from: new Date(2026, 0, 5).toISOString(),
      to: new Date(2026, 0, 7).toISOString(),
      page: '1',
      pageSize: '50',
    });
  });

  it('refuses a date range that ends before it starts, and asks nothing', async () => {
    const { user, auditCalls, container } = await setup();
    await screen.findByRole('table', { name: 'Audit log' });
    await user.type(screen.getByLabelText('From'), '2026-01-06');
    await user.type(screen.getByLabelText('To'), '2026-01-05');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText(AUDIT_DATES_REVERSED)).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(auditCalls()).toHaveLength(1);
    await expectNoAxeViolations(container);
  });

  it('pages through the entries on the server', async () => {
    const { user, auditCalls } = await setup({
      'GET /api/admin/audit': (_body, url) => answer(120, Number(url.searchParams.get('page'))),
    });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('Entries 51–100 of 120')).toBeInTheDocument();
    expect(auditCalls().at(-1)?.url.searchParams.get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Entries 101–120 of 120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('exports the filtered entries as a CSV file named with the date', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:audit'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user, calls } = await setup({
      'GET /api/admin/audit.csv': () =>
        new Response('"time (UTC)"\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    await screen.findByRole('table', { name: 'Audit log' });
    await user.selectOptions(screen.getByLabelText('Action'), 'view-as');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => {
      expect(saved).toEqual([`audit-log-${new Date().toISOString().slice(0, 10)}.csv`]);
    });
    expect(calls.find((call) => call.key === 'GET /api/admin/audit.csv')?.url.search).toBe(
      '?action=view-as',
    );
  });
});
