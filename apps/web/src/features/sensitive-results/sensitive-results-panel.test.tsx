import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { SensitiveResultsPanel } from './sensitive-results-panel.tsx';

const patient = makeUser({ id: 'demo-mother', email: 'mother@demo.test' });

async function setup(options: { released?: boolean; path?: string } = {}) {
  setAuthToken('patient-token');
  const services = createTestServices({ user: patient });
  const calls = answerRoutes(services, {
    'POST /api/reports/r1/sensitive-release': () =>
      Response.json({
        sensitive: { count: 2, released: true },
        releasedAt: '2026-11-20T10:00:00.000Z',
      }),
  });
  const rendered = await renderWithRouter(
    <SensitiveResultsPanel
      reportId="r1"
      state={{ count: 2, released: options.released ?? false }}
    />,
    { path: options.path ?? '/reports/joint', user: patient, services },
  );
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('the held-back results panel', () => {
  it('says how many are held back, offers a counselor, and explains before recording the choice', async () => {
    const { calls, user, container } = await setup();
    const panel = await screen.findByRole('region', { name: '2 results are held back' });
    expect(panel).toHaveTextContent('genetic counselor');
    expect(
      within(panel).getByRole('link', { name: 'Book a counseling appointment' }),
    ).toHaveAttribute('href', '/schedule-appointment');
    await expectNoAxeViolations(container);

    await user.click(within(panel).getByRole('button', { name: 'Show these results' }));
    const dialog = await screen.findByRole('dialog', { name: 'Before you see these results' });
    expect(dialog).toHaveTextContent('your partner makes their own choice');
    // Not now leaves everything as it was.
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(calls.some((call) => call.key === 'POST /api/reports/r1/sensitive-release')).toBe(false);

    await user.click(within(panel).getByRole('button', { name: 'Show these results' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Show the results' }),
    );
    await waitFor(() => {
      expect(calls.some((call) => call.key === 'POST /api/reports/r1/sensitive-release')).toBe(
        true,
      );
    });
  });

  it('lets an admin viewing as the patient see the panel but not choose for them', async () => {
    await setup({ path: '/reports/joint?as_user=demo-mother' });
    const panel = await screen.findByRole('region', { name: '2 results are held back' });
    expect(within(panel).queryByRole('button', { name: 'Show these results' })).toBeNull();
    expect(panel).toHaveTextContent('Only the patient can choose to see these results.');
  });

  it('says quietly that the person chose to see them', async () => {
    await setup({ released: true });
    expect(await screen.findByText(/you chose to see them/)).toBeVisible();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
