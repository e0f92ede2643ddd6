import type { Config } from '../../config.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { calendarInvitation } from './calendar.ts';

type MailConfig = Pick<Config, 'publicUrl' | 'brand'>;

export type AppointmentChange = 'booked' | 'moved' | 'cancelled';

export interface AppointmentMailFacts {
  id: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  /** The person's zone, in which the mail states the time. */
  timeZone: string;
  counsellorName: string;
  person: { name: string; email: string };
}

/** 'Tuesday, March 3, 2026, 9:30 AM – 10:00 AM (America/New_York)'. */
export function appointmentTimeText(startsAt: Date, endsAt: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(startsAt);
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  return `${day}, ${time.format(startsAt)} – ${time.format(endsAt)} (${timeZone})`;
}

const SUBJECTS: Record<AppointmentChange, string> = {
  booked: 'Your genetic counseling appointment is booked',
  moved: 'Your genetic counseling appointment has moved',
  cancelled: 'Your genetic counseling appointment is cancelled',
};

/**
 * The mail for a booking, a move or a cancellation, with the calendar invitation (the same UID
 * each time, so calendars update their copy). It says nothing about results: only the time.
 */
export function appointmentMail(
  config: MailConfig,
  change: AppointmentChange,
  facts: AppointmentMailFacts,
  at: Date,
): MailMessage {
  const { brand, publicUrl } = config;
  const when = appointmentTimeText(facts.startsAt, facts.endsAt, facts.timeZone);
  const opening: Record<AppointmentChange, string> = {
    booked: `Your appointment with ${facts.counsellorName} is booked for ${when}.`,
    moved: `Your appointment with ${facts.counsellorName} is now on ${when}.`,
    cancelled: `Your appointment with ${facts.counsellorName} on ${when} is cancelled.`,
  };
  const manage = {
    label: change === 'cancelled' ? 'Book another time' : 'Move or cancel it',
    url: `${publicUrl}/schedule-appointment`,
  };
  const invitation = calendarInvitation({
    uid: `${facts.id}@${new URL(publicUrl).host}`,
    sequence: facts.sequence,
    method: change === 'cancelled' ? 'CANCEL' : 'REQUEST',
    startsAt: facts.startsAt,
    endsAt: facts.endsAt,
    stampedAt: at,
    summary: `Genetic counseling with ${facts.counsellorName}`,
    description: `Your ${brand.productName} genetic counseling appointment. ${manage.label}: ${manage.url}`,
    organizer: { name: brand.companyName, email: brand.supportEmail },
    attendee: facts.person,
    productName: brand.productName,
  });
  return {
    to: facts.person.email,
    subject: SUBJECTS[change],
    body: [
      { kind: 'paragraph', text: opening[change] },
      {
        kind: 'paragraph',
        text:
          change === 'cancelled'
            ? 'The attached calendar file removes it from your calendar.'
            : 'The attached calendar invitation adds it to your calendar. Your counselor will contact you with how to join.',
      },
      ...(change === 'cancelled'
        ? []
        : [
            {
              kind: 'paragraph',
              text: 'You can move or cancel it up to 24 hours before.',
            } as const,
          ]),
      { kind: 'action', ...manage },
    ],
    attachments: [
      {
        filename: change === 'cancelled' ? 'cancelled-appointment.ics' : 'appointment.ics',
        content: invitation,
        contentType: `text/calendar; charset=utf-8; method=${change === 'cancelled' ? 'CANCEL' : 'REQUEST'}`,
      },
    ],
  };
}
