import { describe, expect, it } from 'vitest';
import { calendarInvitation, type CalendarEvent } from './calendar.ts';

const event: CalendarEvent = {
  uid: 'b7c1@portal.test',
  sequence: 2,
  method: 'REQUEST',
  startsAt: new Date('2026-03-03T14:30:00Z'),
  endsAt: new Date('2026-03-03T15:00:00Z'),
  stampedAt: new Date('2026-02-01T08:00:05.123Z'),
  summary: 'Genetic counseling with Dana; Lee, PhD',
  description: 'Line one\nLine two with a back\\slash',
  organizer: { name: 'Nestling "Labs"', email: 'support@lab.test' },
  attendee: { name: 'Ann Patient', email: 'ann@example.org' },
  productName: 'Nestling',
};

describe('the calendar invitation', () => {
  it('is one event in UTC with CRLF line ends', () => {
    const ics = calendarInvitation(event);
    expect(ics.split('\r\n').slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Nestling//Counseling appointments//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:REQUEST',
    ]);
    expect(ics).toContain('\r\nDTSTART:20260303T143000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20260303T150000Z\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20260201T080005Z\r\n');
    expect(ics).toContain('\r\nSEQUENCE:2\r\n');
    expect(ics).toContain('\r\nSTATUS:CONFIRMED\r\n');
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('escapes text and quotes names', () => {
    const unfolded = calendarInvitation(event).replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Genetic counseling with Dana\\; Lee\\, PhD');
    expect(unfolded).toContain('DESCRIPTION:Line one\\nLine two with a back\\\\slash');
    expect(unfolded).toContain('ORGANIZER;CN="Nestling Labs":mailto:support@lab.test');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const ics = calendarInvitation({ ...event, description: 'Ünïcödé '.repeat(30) });
    for (const line of ics.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(ics.replace(/\r\n /g, '')).toContain(`DESCRIPTION:${'Ünïcödé '.repeat(30)}`);
  });

  it('cancels with the same UID and a canceled status', () => {
    const ics = calendarInvitation({ ...event, method: 'CANCEL', sequence: 3 });
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('UID:b7c1@portal.test');
    expect(ics).toContain('STATUS:CANCELLED');
  });
});
