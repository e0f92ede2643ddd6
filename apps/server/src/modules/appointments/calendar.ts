/*
 * The calendar invitation sent with each appointment mail: one iCalendar (RFC 5545) event,
 * times in UTC so that every calendar shows them in its own zone. The event's UID is the
 * appointment's, and SEQUENCE grows with every change, so a calendar replaces its copy when the
 * appointment moves and removes it when it is canceled (METHOD:CANCEL).
 */

export interface CalendarEvent {
  /** Unique and stable for the appointment: '<appointment id>@<host>'. */
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  startsAt: Date;
  endsAt: Date;
  stampedAt: Date;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  productName: string;
}

/** 20260303T143000Z. */
function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped. */
function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** A parameter value (CN): quoted, without the characters a quoted value may not hold. */
function quoteParameter(text: string): string {
  return `"${text.replace(/["\r\n]/g, '')}"`;
}

/** Lines longer than 75 octets continue on the next line after a space, never inside a character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const pieces: string[] = [];
  let current = '';
  let currentOctets = 0;
  for (const character of line) {
    const octets = encoder.encode(character).length;
    const limit = pieces.length === 0 ? 75 : 74;
    if (currentOctets + octets > limit) {
      pieces.push(current);
      current = '';
      currentOctets = 0;
    }
    current += character;
    currentOctets += octets;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

export function calendarInvitation(event: CalendarEvent): string {
  const canceled = event.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(event.productName)}//Counseling appointments//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${String(event.sequence)}`,
    `DTSTAMP:${utcStamp(event.stampedAt)}`,
    `DTSTART:${utcStamp(event.startsAt)}`,
    `DTEND:${utcStamp(event.endsAt)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `ORGANIZER;CN=${quoteParameter(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;CN=${quoteParameter(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${canceled ? 'DECLINED' : 'ACCEPTED'};RSVP=FALSE:mailto:${event.attendee.email}`,
    // RFC 5545 spells it so.
    `STATUS:${canceled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
