import { ACTIVITY_WINDOW_MS, SESSION_WARNING_MS } from '@nestling/shared/constants';
import { describe, expect, it } from 'vitest';
import { msLeft, sessionAction } from './session-action.ts';

const NOW = 1_800_000_000_000;
const expIn = (ms: number) => (NOW + ms) / 1000;
const idle = NOW - 10 * ACTIVITY_WINDOW_MS;

describe('sessionAction', () => {
  it('expired when exp is now or past, whatever the activity', () => {
    expect(sessionAction({ expSeconds: expIn(0), nowMs: NOW, lastActivityMs: NOW })).toBe(
      'expired',
    );
    expect(sessionAction({ expSeconds: expIn(-1000), nowMs: NOW, lastActivityMs: null })).toBe(
      'expired',
    );
  });

  it('one second before exp is not expired', () => {
    expect(sessionAction({ expSeconds: expIn(1000), nowMs: NOW, lastActivityMs: idle })).toBe(
      'warn',
    );
  });

  it('activity within the last 60 s refreshes silently (the boundary included)', () => {
    for (const ago of [0, 1, ACTIVITY_WINDOW_MS]) {
      expect(
        sessionAction({ expSeconds: expIn(20 * 60_000), nowMs: NOW, lastActivityMs: NOW - ago }),
      ).toBe('refresh-silently');
    }
  });

  it('activity refreshes silently instead of warning', () => {
    expect(sessionAction({ expSeconds: expIn(60_000), nowMs: NOW, lastActivityMs: NOW })).toBe(
      'refresh-silently',
    );
  });

  it('activity 60 s + 1 ms ago no longer counts', () => {
    const lastActivityMs = NOW - ACTIVITY_WINDOW_MS - 1;
    expect(sessionAction({ expSeconds: expIn(20 * 60_000), nowMs: NOW, lastActivityMs })).toBe(
      'none',
    );
    expect(sessionAction({ expSeconds: expIn(5 * 60_000), nowMs: NOW, lastActivityMs })).toBe(
      'warn',
    );
  });

  it('warns under 10 minutes left, not at exactly 10 minutes', () => {
    expect(
      sessionAction({
        expSeconds: expIn(SESSION_WARNING_MS - 1000),
        nowMs: NOW,
        lastActivityMs: idle,
      }),
    ).toBe('warn');
    expect(
      sessionAction({ expSeconds: expIn(SESSION_WARNING_MS), nowMs: NOW, lastActivityMs: idle }),
    ).toBe('none');
  });

  it('none with plenty of time and no activity', () => {
    expect(
      sessionAction({ expSeconds: expIn(30 * 60_000), nowMs: NOW, lastActivityMs: null }),
    ).toBe('none');
  });

  it('msLeft counts milliseconds to exp', () => {
    expect(msLeft(expIn(90_000), NOW)).toBe(90_000);
  });
});
