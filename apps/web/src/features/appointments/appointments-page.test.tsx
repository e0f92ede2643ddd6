import {
  APPOINTMENT_NOTE_MAX,
  APPOINTMENT_PHONE_MESSAGE,
  INSIDE_NOTICE_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  tooManyAppointments,
  type Appointment,
  type Slot,
} from '@nestling/shared/contract/appointments';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, jsonError, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { AppointmentsPage } from './appointments-page.tsx';

const ZONE = 'America/New_York';
const user = makeUser();
const dana = { id: 'c-dana', name: 'Dana Counselor', bio: 'Genetic counselor.' };

/** Tuesday 3 March 2037, 9:30 and 10:00 in New York (14:30 and 15:00 UTC). */
const slots: Slot[] = [
  {
    counselorId: dana.id,
    startsAt: '2037-03-03T14:30:00.000Z',
    endsAt: '2037-03-03T15:00:00.000Z',
  },
  {
    counselorId: dana.id,
    startsAt: '2037-03-03T15:00:00.000Z',
    endsAt: '2037-03-03T15:30:00.000Z',
  },
];

function appointment(startsAt: string, id = 'a-1'): Appointment {
  const start = Date.parse(startsAt);
  return {
    id,
    counselor: dana,
    startsAt,
    endsAt: new Date(start + 30 * 60 * 1000).toISOString(),
    status: 'booked',
    changeableUntil: new Date(start - 24 * 60 * 60 * 1000).toISOString(),
    method: 'phone',
    phone: '+15551234567',
    joinUrl: null,
    note: '',
  };
}

function routes(upcoming: Appointment[], overrides: Record<string, RouteHandler> = {}) {
  return {
    'GET /api/appointments': () => Response.json({ appointments: upcoming }),
    'GET /api/appointments/slots': () =>
      Response.json({ counselors: [dana], slots, videoVisits: true }),
    'POST /api/appointments': (body: unknown) =>
      Response.json(appointment((body as { startsAt: string }).startsAt, 'a-new')),
    ...overrides,
  };
}

async function setup(handlers: Record<string, RouteHandler>) {
  setAuthToken('patient-token');
  const services = createTestServices({ user });
  const calls = answerRoutes(services, handlers);
  const rendered = await renderWithRouter(<AppointmentsPage timeZone={ZONE} />, {
    path: '/schedule-appointment',
    user,
    services,
  });
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('the appointments page', () => {
  it('shows free times in the person’s time zone and books one after the confirm step, saying a mail is on its way', async () => {
    const { calls, user: person, container } = await setup(routes([]));
    expect(await screen.findByText('You have no upcoming appointments.')).toBeInTheDocument();
    const tuesday = await screen.findByRole('group', { name: 'Tuesday, March 3' });
    await person.click(within(tuesday).getByRole('button', { name: '9:30 AM' }));
    // Choosing a time books nothing yet: the confirm step opens, with the focus in it.
    expect(calls.some((call) => call.key === 'POST /api/appointments')).toBe(false);
    const step = screen.getByRole('region', { name: 'Confirm your appointment' });
    expect(screen.getByRole('heading', { name: 'Confirm your appointment' })).toHaveFocus();
    expect(
      within(step).getByText('Tuesday, March 3, 9:30 AM – 10:00 AM with Dana Counselor'),
    ).toBeInTheDocument();
    // The profile's phone is there already.
    expect(within(step).getByRole('textbox', { name: /^Phone number/ })).toHaveValue('+1 555 0100');
    await expectNoAxeViolations(container);

    await person.click(within(step).getByRole('radio', { name: /^Video visit/ }));
    expect(within(step).queryByRole('textbox', { name: /^Phone number/ })).not.toBeInTheDocument();
    await person.type(
      within(step).getByRole('textbox', { name: /^Note for your counselor/ }),
      'Questions about my carrier result',
    );
    expect(within(step).getByText(/33 of 500 characters/)).toBeInTheDocument();
    await person.click(within(step).getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Booked for Tuesday, March 3, 9:30 AM. We sent a confirmation with a calendar invitation to your email.',
    );
    expect(calls.find((call) => call.key === 'POST /api/appointments')?.body).toEqual({
      counselorId: dana.id,
      startsAt: '2037-03-03T14:30:00.000Z',
      timeZone: ZONE,
      method: 'video',
      note: 'Questions about my carrier result',
    });
  });

  it('refuses a wrong phone number at the field, and books with a right one', async () => {
    const { calls, user: person } = await setup(routes([]));
    await person.click(await screen.findByRole('button', { name: '10:00 AM' }));
    const step = screen.getByRole('region', { name: 'Confirm your appointment' });
    const phone = within(step).getByRole('textbox', { name: /^Phone number/ });
    await person.clear(phone);
    await person.type(phone, '555-1234');
    await person.click(within(step).getByRole('button', { name: 'Book this time' }));
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(APPOINTMENT_PHONE_MESSAGE));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
    expect(calls.some((call) => call.key === 'POST /api/appointments')).toBe(false);

    await person.clear(phone);
    await person.type(phone, '(555) 123-4567');
    await person.click(within(step).getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Booked for');
    expect(calls.find((call) => call.key === 'POST /api/appointments')?.body).toMatchObject({
      method: 'phone',
      phone: '(555) 123-4567',
      note: '',
    });
  });

  it('says when the note is too long, never cutting it, and goes back to the times', async () => {
    const { calls, user: person } = await setup(routes([]));
    const time = await screen.findByRole('button', { name: '10:00 AM' });
    await person.click(time);
    const step = screen.getByRole('region', { name: 'Confirm your appointment' });
    const note = within(step).getByRole('textbox', { name: /^Note for your counselor/ });
    await person.click(note);
    await person.paste('x'.repeat(APPOINTMENT_NOTE_MAX + 2));
    expect(note).toHaveValue('x'.repeat(APPOINTMENT_NOTE_MAX + 2));
    expect(note).toHaveAccessibleDescription(
      expect.stringContaining('2 characters too many: keep the note to 500'),
    );
    await person.click(within(step).getByRole('button', { name: 'Book this time' }));
    expect(note).toHaveFocus();
    expect(calls.some((call) => call.key === 'POST /api/appointments')).toBe(false);

    await person.click(within(step).getByRole('button', { name: 'Choose another time' }));
    expect(
      screen.queryByRole('region', { name: 'Confirm your appointment' }),
    ).not.toBeInTheDocument();
    expect(time).toHaveFocus();
  });

  it('shows how a booked visit happens: the number to call, or the link to join', async () => {
    const video = {
      ...appointment('2037-03-12T14:30:00.000Z', 'a-2'),
      method: 'video' as const,
      phone: null,
      joinUrl: 'https://meet.lab.test/visit-0123456789abcdef0123456789abcdef',
    };
    const { container } = await setup(routes([appointment('2037-03-10T14:30:00.000Z'), video]));
    expect(await screen.findByText('We will call you at (555) 123-4567')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the video visit' })).toHaveAttribute(
      'href',
      video.joinUrl,
    );
    await expectNoAxeViolations(container);
  });

  it('offers phone only when the lab has no video service', async () => {
    const { user: person } = await setup({
      ...routes([]),
      'GET /api/appointments/slots': () =>
        Response.json({ counselors: [dana], slots, videoVisits: false }),
    });
    await person.click(await screen.findByRole('button', { name: '10:00 AM' }));
    const step = screen.getByRole('region', { name: 'Confirm your appointment' });
    expect(within(step).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(step).getByText('Your counselor will call you by phone.')).toBeInTheDocument();
  });

  it('says so when someone else took the time first', async () => {
    const { user: person } = await setup(
      routes([], { 'POST /api/appointments': () => jsonError(409, SLOT_TAKEN_MESSAGE) }),
    );
    await person.click(await screen.findByRole('button', { name: '10:00 AM' }));
    await person.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SLOT_TAKEN_MESSAGE);
  });

  it('offers no new booking to a person who holds as many as the lab allows: they move one instead', async () => {
    await setup(routes([appointment('2037-03-10T14:30:00.000Z')]));
    expect(await screen.findByText(tooManyAppointments(1))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book this time' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move' })).toBeInTheDocument();
  });

  it('moves an upcoming appointment to another time', async () => {
    const booked = appointment('2037-03-10T14:30:00.000Z');
    const { calls, user: person } = await setup(
      routes([booked], {
        'POST /api/appointments/a-1/reschedule': (body) =>
          Response.json(appointment((body as { startsAt: string }).startsAt)),
      }),
    );
    expect(await screen.findByText('Tuesday, March 10, 10:30 AM – 11:00 AM')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Move' }));
    expect(
      screen.getByRole('heading', { name: 'Choose a new time for Tuesday, March 10, 10:30 AM' }),
    ).toBeInTheDocument();
    await person.click(await screen.findByRole('button', { name: '10:00 AM' }));
    await person.click(screen.getByRole('button', { name: 'Move to this time' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Moved to Tuesday, March 3, 10:00 AM.',
    );
    expect(
      calls.find((call) => call.key === 'POST /api/appointments/a-1/reschedule')?.body,
    ).toEqual({
      counselorId: dana.id,
      startsAt: '2037-03-03T15:00:00.000Z',
      timeZone: ZONE,
      // The visit keeps how it happens.
      method: 'phone',
      phone: '(555) 123-4567',
      note: '',
    });
  });

  it('cancels after asking, and shows a refusal in words', async () => {
    const booked = appointment('2037-03-10T14:30:00.000Z');
    const { user: person } = await setup(
      routes([booked], {
        'POST /api/appointments/a-1/cancel': () => jsonError(409, INSIDE_NOTICE_MESSAGE),
      }),
    );
    await person.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    expect(
      screen.getByText('Cancel your appointment on Tuesday, March 10, 10:30 AM – 11:00 AM?'),
    ).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INSIDE_NOTICE_MESSAGE);
  });

  it('says the appointment is canceled once the list no longer holds it', async () => {
    let upcoming = [appointment('2037-03-10T14:30:00.000Z')];
    const { user: person } = await setup({
      ...routes([]),
      'GET /api/appointments': () => Response.json({ appointments: upcoming }),
      'POST /api/appointments/a-1/cancel': () => {
        const [canceled] = upcoming;
        upcoming = [];
        return Response.json({ ...canceled, status: 'canceled' });
      },
    });
    await person.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    await person.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your appointment on Tuesday, March 10, 10:30 AM – 11:00 AM is canceled.',
    );
    expect(screen.getByText('You have no upcoming appointments.')).toBeInTheDocument();
  });

  it('offers no changes inside 24 hours', async () => {
    const soon = appointment(new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString());
    await setup(routes([soon]));
    expect(
      await screen.findByText(/it can no longer be moved or canceled here/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
  });

  it('shows one day’s times at a time and switches days', async () => {
    const thursday: Slot = {
      counselorId: dana.id,
      startsAt: '2037-03-05T19:00:00.000Z',
      endsAt: '2037-03-05T19:30:00.000Z',
    };
    const { user: person, container } = await setup({
      ...routes([]),
      'GET /api/appointments/slots': () =>
        Response.json({ counselors: [dana], slots: [...slots, thursday], videoVisits: true }),
    });
    const days = await screen.findByRole('group', { name: 'Days with free times' });
    const tuesdayButton = within(days).getByRole('button', { name: 'Tue, Mar 3, 2 times' });
    expect(tuesdayButton).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Tuesday, March 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '2:00 PM' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);

    await person.click(within(days).getByRole('button', { name: 'Thu, Mar 5, 1 time' }));
    const thursdayTimes = screen.getByRole('group', { name: 'Thursday, March 5' });
    expect(within(thursdayTimes).getByRole('button', { name: '2:00 PM' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '9:30 AM' })).not.toBeInTheDocument();
  });

  it('says how to reach the lab while no counselor takes appointments', async () => {
    const { container } = await setup({
      ...routes([]),
      'GET /api/appointments/slots': () =>
        Response.json({ counselors: [], slots: [], videoVisits: false }),
    });
    expect(await screen.findByText('No counselor is taking appointments yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@nestling.health' })).toHaveAttribute(
      'href',
      'mailto:support@nestling.health',
    );
    expect(screen.queryByRole('button', { name: 'Later week' })).not.toBeInTheDocument();
    expect(screen.queryByText(/no free times this week/)).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});
