import {
  WINDOW_OVERLAP_MESSAGE,
  type AdminCounselor,
  type AvailabilityUpdate,
  type CounselorInput,
} from '@nestling/shared/contract/appointments';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { AdminCounselors } from './admin-counselors.tsx';

const admin = makeUser({ id: 'demo-admin', email: 'admin@nestling.health', isAdminUser: true });
const ZONE = 'America/Chicago';

/** A fake server holding the counselors, answering as the real one does. */
function fakeServer() {
  const counselors: AdminCounselor[] = [];
  const routes: Record<string, RouteHandler> = {
    'GET /api/admin/counselors': () => Response.json({ counselors }),
    'GET /api/admin/appointments': (_body, url) =>
      Response.json({
        appointments:
          url.searchParams.get('timeZone') === ZONE
            ? [
                {
                  id: 'a-1',
                  startsAt: '2037-03-03T15:00:00.000Z',
                  endsAt: '2037-03-03T15:30:00.000Z',
                  counselorId: 'c-1',
                  counselorName: 'Dana Counselor',
                  personName: 'Ann Patient',
                  personEmail: 'ann@example.org',
                  method: 'phone',
                  phone: '+15551234567',
                  joinUrl: null,
                  note: 'About my results',
                },
              ]
            : [],
      }),
    'POST /api/admin/counselors': (body) => {
      const created = { id: 'c-1', ...(body as CounselorInput), windows: [] };
      counselors.push(created);
      return Response.json(created);
    },
    'PUT /api/admin/counselors/c-1/availability': (body) => {
      const [first] = counselors;
      if (first === undefined) return Response.json({ message: 'Not Found' }, { status: 404 });
      first.windows = (body as AvailabilityUpdate).windows;
      return Response.json(first);
    },
  };
  return { counselors, routes };
}

async function setup(routes: Record<string, RouteHandler>) {
  setAuthToken('admin-token');
  const services = createTestServices({ user: admin });
  const calls = answerRoutes(services, routes);
  const rendered = await renderWithRouter(<AdminCounselors timeZone={ZONE} />, {
    path: '/admin',
    user: admin,
    services,
  });
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('the counselors tab', () => {
  it('shows the day’s appointments in the staff member’s zone', async () => {
    const { calls } = await setup(fakeServer().routes);
    const table = await screen.findByRole('table', { name: /^Appointments on / });
    expect(within(table).getByRole('row', { name: /Ann Patient/ })).toHaveTextContent(
      '9:00 AM – 9:30 AMDana CounselorAnn Patientann@example.orgPhone: (555) 123-4567About my results',
    );
    const asked = calls.find((call) => call.key === 'GET /api/admin/appointments');
    expect(asked?.url.searchParams.get('timeZone')).toBe(ZONE);
  });

  it('adds a counselor, then their hours, refusing overlapping periods', async () => {
    const server = fakeServer();
    const { user, calls, container } = await setup(server.routes);
    expect(await screen.findByText('No counselors yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a counselor' });
    await user.type(within(form).getByLabelText(/^Name/), 'Dana Counselor');
    await user.type(within(form).getByLabelText(/^Email/), 'dana@lab.test');
    await user.type(within(form).getByLabelText(/^Short bio/), 'Board-certified.');
    expect(within(form).getByLabelText(/^Time zone/)).toHaveValue(ZONE);
    await expectNoAxeViolations(container);
    await user.click(within(form).getByRole('button', { name: 'Add counselor' }));
    const card = await screen.findByRole('region', { name: 'Dana Counselor' });
    expect(calls.find((call) => call.key === 'POST /api/admin/counselors')?.body).toEqual({
      name: 'Dana Counselor',
      email: 'dana@lab.test',
      bio: 'Board-certified.',
      timeZone: ZONE,
      active: true,
    });

    await user.click(within(card).getByRole('button', { name: 'Edit hours' }));
    await user.click(within(card).getByRole('button', { name: 'Add a period' }));
    await user.click(within(card).getByRole('button', { name: 'Add a period' }));
    await user.click(within(card).getByRole('button', { name: 'Save hours' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(WINDOW_OVERLAP_MESSAGE);

    const second = within(card).getByRole('group', { name: 'Period 2' });
    await user.selectOptions(within(second).getByLabelText('Weekday'), 'Wednesday');
    await user.click(within(card).getByRole('button', { name: 'Save hours' }));
    expect(
      await within(card).findByText('Wednesday 09:00–12:00, 30-minute slots'),
    ).toBeInTheDocument();
    expect(
      calls.find((call) => call.key === 'PUT /api/admin/counselors/c-1/availability')?.body,
    ).toEqual({
      windows: [
        { weekday: 1, start: '09:00', end: '12:00', slotMinutes: 30 },
        { weekday: 3, start: '09:00', end: '12:00', slotMinutes: 30 },
      ],
    });
  });
});
