import { phoneText, type MeetingMethod } from '@nestling/shared/contract/appointments';
import type { Config } from '../../config.ts';
import type { MailBlock, MailMessage } from '../mail/index.ts';
import { calendarInvitation } from './calendar.ts';

type MailConfig = Pick<Config, 'publicUrl' | 'brand'>;

export type AppointmentChange = 'booked' | 'moved' | 'canceled';

export interface AppointmentMailFacts {
  id: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  /** The person's zone, in which the mail states the time. */
  timeZone: string;
  counselorName: string;
  person: { name: string; email: string };
  /** How they meet: the number to call, or the video room's address. */
  method: MeetingMethod;
  phone: string | null;
  joinUrl: string | null;
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
  canceled: 'Your genetic counseling appointment is canceled',
};

const JOIN_LABEL = 'Join the video visit';

/** 'We will call you at (555) 123-4567.' or how to join the video visit; null if it has neither. */
function howToMeet(facts: AppointmentMailFacts, who: 'patient' | 'counselor'): MailBlock[] {
  if (facts.method === 'phone') {
    const number = facts.phone === null ? 'the number you gave' : phoneText(facts.phone);
    return [
      {
        kind: 'paragraph',
        text:
          who === 'patient'
            ? `Your counselor will call you at ${number}.`
            : `A phone call: please call ${facts.person.name} at ${number}.`,
      },
    ];
  }
  if (facts.joinUrl === null) return [];
  return [
    {
      kind: 'paragraph',
      text:
        who === 'patient'
          ? 'A video visit: open the link a few minutes before the start, in a browser on a computer or phone with a camera. Nothing to install. The link is only for you and your counselor; please do not share it.'
          : `A video visit with ${facts.person.name}: join the room at the start.`,
    },
    { kind: 'action', label: JOIN_LABEL, url: facts.joinUrl },
  ];
}

/** One button per mail: a video visit's is the join link, and the other link is written out. */
function secondAction(
  change: AppointmentChange,
  facts: AppointmentMailFacts,
  link: { label: string; url: string },
): MailBlock {
  return change !== 'canceled' && facts.method === 'video' && facts.joinUrl !== null
    ? { kind: 'link', ...link }
    : { kind: 'action', ...link };
}

/** The calendar file: the same UID for the person and the counselor, so each calendar keeps one copy. */
function invitationOf(
  config: MailConfig,
  change: AppointmentChange,
  facts: AppointmentMailFacts,
  at: Date,
  event: { summary: string; description: string; attendee: { name: string; email: string } },
) {
  const { brand, publicUrl } = config;
  return calendarInvitation({
    uid: `${facts.id}@${new URL(publicUrl).host}`,
    sequence: facts.sequence,
    method: change === 'canceled' ? 'CANCEL' : 'REQUEST',
    startsAt: facts.startsAt,
    endsAt: facts.endsAt,
    stampedAt: at,
    organizer: { name: brand.companyName, email: brand.supportEmail },
    productName: brand.productName,
    ...event,
  });
}

function attachmentOf(change: AppointmentChange, content: string) {
  return {
    filename: change === 'canceled' ? 'canceled-appointment.ics' : 'appointment.ics',
    content,
    contentType: `text/calendar; charset=utf-8; method=${change === 'canceled' ? 'CANCEL' : 'REQUEST'}`,
  };
}

/** Where a video visit is joined, or the number to call, for the calendar's description. */
function meetingLine(facts: AppointmentMailFacts, who: 'patient' | 'counselor'): string {
  if (facts.method === 'video') {
    return facts.joinUrl === null ? 'Video visit.' : `Video visit: ${facts.joinUrl}`;
  }
  const number = facts.phone === null ? '' : ` ${phoneText(facts.phone)}`;
  return who === 'patient' ? `Phone call to${number}.` : `Phone call: call${number}.`;
}

/**
 * The mail for a booking, a move or a cancellation, with the calendar invitation (the same UID
 * each time, so calendars update their copy). It says nothing about results: the time, how to
 * meet, and where to change it.
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
    booked: `Your appointment with ${facts.counselorName} is booked for ${when}.`,
    moved: `Your appointment with ${facts.counselorName} is now on ${when}.`,
    canceled: `Your appointment with ${facts.counselorName} on ${when} is canceled.`,
  };
  const manage = {
    label: change === 'canceled' ? 'Book another time' : 'Move or cancel it',
    url: `${publicUrl}/schedule-appointment`,
  };
  const invitation = invitationOf(config, change, facts, at, {
    summary: `Genetic counseling with ${facts.counselorName}`,
    description: `Your ${brand.productName} genetic counseling appointment. ${change === 'canceled' ? '' : `${meetingLine(facts, 'patient')} `}${manage.label}: ${manage.url}`,
    attendee: facts.person,
  });
  return {
    to: facts.person.email,
    subject: SUBJECTS[change],
    body: [
      { kind: 'paragraph', text: opening[change] },
      ...(change === 'canceled' ? [] : howToMeet(facts, 'patient')),
      {
        kind: 'paragraph',
        text:
          change === 'canceled'
            ? 'The attached calendar file removes it from your calendar.'
            : 'The attached calendar invitation adds it to your calendar. We will remind you the day before.',
      },
      ...(change === 'canceled'
        ? []
        : [
            {
              kind: 'paragraph',
              text: 'You can move or cancel it up to 24 hours before.',
            } as const,
          ]),
      secondAction(change, facts, manage),
    ],
    attachments: [attachmentOf(change, invitation)],
  };
}

const COUNSELOR_SUBJECTS: Record<AppointmentChange, string> = {
  booked: 'New counseling appointment',
  moved: 'Counseling appointment moved',
  canceled: 'Counseling appointment canceled',
};

/**
 * The counselor's mail for a booking, a move or a cancellation, with the calendar file for
 * their calendar. It names the patient, the time and how to meet; the patient's note stays in
 * the portal (it may hold health details, and mail is no place for those: ADR 019).
 */
export function counselorMail(
  config: MailConfig,
  change: AppointmentChange,
  facts: AppointmentMailFacts & {
    counselorEmail: string;
    counselorTimeZone: string;
    hasNote: boolean;
  },
  at: Date,
): MailMessage {
  const { brand, publicUrl } = config;
  // The counselor reads the time in their own zone (the calendar file carries it in UTC).
  const when = appointmentTimeText(facts.startsAt, facts.endsAt, facts.counselorTimeZone);
  const opening: Record<AppointmentChange, string> = {
    booked: `${facts.person.name} booked a genetic counseling appointment with you for ${when}.`,
    moved: `${facts.person.name} moved their genetic counseling appointment with you to ${when}.`,
    canceled: `${facts.person.name} canceled their genetic counseling appointment with you on ${when}.`,
  };
  const staffPage = `${publicUrl}/admin?tab=counselors`;
  const invitation = invitationOf(config, change, facts, at, {
    summary: `Genetic counseling: ${facts.person.name}`,
    description: `${brand.productName} genetic counseling appointment. ${change === 'canceled' ? '' : `${meetingLine(facts, 'counselor')} `}Details: ${staffPage}`,
    attendee: { name: facts.counselorName, email: facts.counselorEmail },
  });
  return {
    to: facts.counselorEmail,
    subject: COUNSELOR_SUBJECTS[change],
    body: [
      { kind: 'paragraph', text: opening[change] },
      ...(change === 'canceled' ? [] : howToMeet(facts, 'counselor')),
      ...(change !== 'canceled' && facts.hasNote
        ? [
            {
              kind: 'paragraph',
              text: 'They left a note for you. It is not in this mail: read it in the portal, in the day’s appointments.',
            } as const,
          ]
        : []),
      {
        kind: 'paragraph',
        text:
          change === 'canceled'
            ? 'The attached calendar file removes it from your calendar.'
            : 'The attached calendar invitation adds it to your calendar (the times there are in your calendar’s zone).',
      },
      secondAction(change, facts, { label: 'The day’s appointments', url: staffPage }),
    ],
    attachments: [attachmentOf(change, invitation)],
  };
}

/** The day-before reminder: the time in the person's zone and how to join. */
export function reminderMail(config: MailConfig, facts: AppointmentMailFacts): MailMessage {
  const when = appointmentTimeText(facts.startsAt, facts.endsAt, facts.timeZone);
  return {
    to: facts.person.email,
    subject: 'Reminder: your genetic counseling appointment',
    body: [
      {
        kind: 'paragraph',
        text: `This is a reminder of your appointment with ${facts.counselorName} on ${when}.`,
      },
      ...howToMeet(facts, 'patient'),
      {
        kind: 'paragraph',
        text: 'It can no longer be moved or canceled here. If you cannot make it, please write to us.',
      },
      secondAction('booked', facts, {
        label: 'Your appointments',
        url: `${config.publicUrl}/schedule-appointment`,
      }),
    ],
  };
}
