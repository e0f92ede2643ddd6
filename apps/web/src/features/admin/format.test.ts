import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { adminErrorText, formatAuditTime } from './format.ts';

describe('formatAuditTime', () => {
  it('shows a US date and time of day', () => {
    expect(formatAuditTime('2026-01-05T15:04:05.000Z', 'UTC')).toBe('1/5/2026, 3:04:05 PM');
    expect(formatAuditTime('2026-01-05T15:04:05.000Z', 'America/New_York')).toBe(
      '1/5/2026, 10:04:05 AM',
    );
  });

  it('leaves an unreadable time as it is', () => {
    expect(formatAuditTime('yesterday')).toBe('yesterday');
  });
});

describe('adminErrorText', () => {
  it("shows the server's message, and plain words for the rest", () => {
    expect(adminErrorText(new ApiError('Admins cannot be impersonated', 403))).toBe(
      'Admins cannot be impersonated',
    );
    expect(adminErrorText(new ApiError('x', 0))).toMatch(/could not reach/);
    expect(adminErrorText(new ApiError('x', 500))).toMatch(/our side/);
    expect(adminErrorText(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});
