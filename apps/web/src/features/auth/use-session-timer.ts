import { TOKEN_CHECK_INTERVAL_MS } from '@nestling/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { msLeft, sessionAction } from './session-action.ts';

export interface SessionTimerOptions {
  /** The current access token's `exp` in unix seconds; null when signed out (nothing to do). */
  getExpSeconds: () => number | null;
  /** Gets a fresh access token. */
  refresh: () => Promise<void>;
  /** Signs out and goes to /signin?next=<current path>. */
  signOut: () => void | Promise<void>;
  /** Milliseconds since the epoch; Date.now by default. */
  now?: () => number;
}

export interface SessionTimer {
  /** Milliseconds left when the 'Session Expiring' dialog should show; null otherwise. */
  warningMsLeft: number | null;
  /** 'Stay signed in': refreshes now and closes the dialog. */
  stay: () => Promise<void>;
  staying: boolean;
  signOut: () => void;
}

const ACTIVITY_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * The session of spec sections 4 and 9: every TOKEN_CHECK_INTERVAL_MS the access token is
 * checked with `sessionAction`. Expired: sign out. Activity (pointer or keyboard) since the last
 * check, within ACTIVITY_WINDOW_MS: refreshed silently. Under SESSION_WARNING_MS left: the
 * warning. The page underneath is never touched, so unsaved input survives.
 */
export function useSessionTimer(options: SessionTimerOptions): SessionTimer {
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const lastActivity = useRef<number | null>(null);
  const [warningMsLeft, setWarningMsLeft] = useState<number | null>(null);
  const [staying, setStaying] = useState(false);

  useEffect(() => {
    const now = () => (optionsRef.current.now ?? Date.now)();
    const onActivity = () => {
      lastActivity.current = now();
    };
    for (const type of ACTIVITY_EVENTS) {
      document.addEventListener(type, onActivity, { capture: true, passive: true });
    }

    const check = () => {
      const { getExpSeconds, refresh, signOut } = optionsRef.current;
      const expSeconds = getExpSeconds();
      if (expSeconds === null) {
        setWarningMsLeft(null);
        return;
      }
      const nowMs = now();
      const action = sessionAction({ expSeconds, nowMs, lastActivityMs: lastActivity.current });
      if (action === 'expired') {
        setWarningMsLeft(null);
        void signOut();
      } else if (action === 'refresh-silently') {
        // One refresh per burst of activity: the next needs new activity.
        lastActivity.current = null;
        setWarningMsLeft(null);
        // A failed refresh is handled by the API client (401 goes to /signin); the next check
        // still sees the old exp and warns or signs out.
        refresh().catch(() => undefined);
      } else if (action === 'warn') {
        setWarningMsLeft(msLeft(expSeconds, nowMs));
      } else {
        setWarningMsLeft(null);
      }
    };
    const timer = setInterval(check, TOKEN_CHECK_INTERVAL_MS);

    return () => {
      clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) {
        document.removeEventListener(type, onActivity, { capture: true });
      }
    };
  }, []);

  const stay = useCallback(async () => {
    setStaying(true);
    try {
      await optionsRef.current.refresh();
      lastActivity.current = null;
      setWarningMsLeft(null);
    } finally {
      setStaying(false);
    }
  }, []);

  const signOut = useCallback(() => {
    setWarningMsLeft(null);
    void optionsRef.current.signOut();
  }, []);

  return { warningMsLeft, stay, staying, signOut };
}
