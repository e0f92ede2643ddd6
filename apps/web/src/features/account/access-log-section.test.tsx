import type { AccessEntry, AccessLogAnswer } from '@nestling/shared/contract/access-log';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { answerRoutes, type RouteHandler } from '../../test/fetch-routes.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { AccessLogSection } from './access-log-section.tsx';
import { formatDateTime } from './devices-section.tsx';

beforeEach(() => {
  setAuthToken('test-token');
});

const staff: AccessEntry = {
  id: 'a1',
  at: '2026-06-15T13:30:00.000Z',
  kind: 'staff',
  who: 'Avery Admin (lab staff)',
  what: 'Viewed your portal as you see it, without changing anything',
  page: '/reports',
};
const partner: AccessEntry = {
  id: 'a2',
  at: '2026-06-14T09:00:00.000Z',
  kind: 'partner',
  who: 'Sam Doe (your partner)',
  what: 'Opened your individual report, which you share with them',
  page: null,
};

const answer = (entries: AccessEntry[], total = entries.length, page = 1): AccessLogAnswer => ({
  entries,
  total,
  page,
  pageSize: 50,
});

async function setup(routes: Record<string, RouteHandler>) {
  const services = createTestServices();
  const calls = answerRoutes(services, routes);
  await renderWithRouter(<AccessLogSection />, { path: '/account-settings', services });
  return { user: userEvent.setup(), calls };
}

describe('AccessLogSection', () => {
  it('lists who did what and when, newest first, and the page staff had open', async () => {
    await setup({ 'GET /api/user/access-log': () => Response.json(answer([staff, partner])) });
    const list = await screen.findByRole('list', { name: 'Who has seen your data' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Avery Admin (lab staff)');
    expect(first).toHaveTextContent('Viewed your portal as you see it');
    expect(first).toHaveTextContent('(the page /reports)');
    expect(first).toHaveTextContent(formatDateTime(staff.at));
    expect(second).toHaveTextContent('Sam Doe (your partner)');
    expect(second).not.toHaveTextContent('the page');
  });

  it('says when nobody else has opened the records, and narrows to one kind from page 1', async () => {
    const { user, calls } = await setup({
      'GET /api/user/access-log': (_body, url) =>
        Response.json(
          url.searchParams.get('kind') === 'partner'
            ? answer([partner])
            : url.searchParams.get('kind') === 'clinic'
              ? answer([])
              : answer([staff], 120, Number(url.searchParams.get('page') ?? '1')),
        ),
    });
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 3');
    await user.selectOptions(screen.getByLabelText('Show'), 'partner');
    expect(await screen.findByText('Sam Doe (your partner)')).toBeVisible();
    const last = calls.filter((call) => call.key === 'GET /api/user/access-log').at(-1);
    expect(last?.url.search).toBe('?kind=partner&page=1');
    await user.selectOptions(screen.getByLabelText('Show'), 'clinic');
    expect(await screen.findByText('Your clinic: no entries.')).toBeVisible();
  });

  it('saves the list as a CSV file named with the date', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:access'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user, calls } = await setup({
      'GET /api/user/access-log': () => Response.json(answer([])),
      'GET /api/user/access-log.csv': () =>
        new Response('"time (UTC)"\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    expect(await screen.findByText('No one else has opened your records.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Download as CSV' }));
    await waitFor(() => {
      expect(saved).toEqual([`access-log-${new Date().toISOString().slice(0, 10)}.csv`]);
    });
    expect(calls.some((call) => call.key === 'GET /api/user/access-log.csv')).toBe(true);
  });
});
