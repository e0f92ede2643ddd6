import {
  ACTIVITY_WINDOW_MS,
  SESSION_WARNING_MS,
  TOKEN_CHECK_INTERVAL_MS,
} from '@nestling/shared/constants';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StaticMantineProvider } from '../../app/static-mantine-provider.tsx';
import { SessionExpiringDialog } from './session-expiring-dialog.tsx';
import { useSessionTimer, type SessionTimerOptions } from './use-session-timer.ts';

const START = Date.UTC(2026, 10, 22, 12, 0, 0);
const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A token whose exp is `ms` after START. */
function expAfter(ms: number): number {
  return (START + ms) / 1000;
}

function setup(expSeconds: number | null) {
  let exp = expSeconds;
  const refresh = vi.fn(() => {
    exp = (Date.now() + 30 * MINUTE) / 1000;
    return Promise.resolve();
  });
  const signOut = vi.fn();
  const options: SessionTimerOptions = { getExpSeconds: () => exp, refresh, signOut };
  const hook = renderHook(() => useSessionTimer(options));
  return { hook, refresh, signOut };
}

async function tick(ms = TOKEN_CHECK_INTERVAL_MS) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('useSessionTimer', () => {
  it('checks only every TOKEN_CHECK_INTERVAL_MS', async () => {
    const { hook, signOut } = setup(expAfter(30_000));
    await tick(TOKEN_CHECK_INTERVAL_MS - 1);
    expect(signOut).not.toHaveBeenCalled();
    expect(hook.result.current.warningMsLeft).toBeNull();
    await tick(1);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('does nothing while signed out', async () => {
    const { hook, refresh, signOut } = setup(null);
    fireEvent.keyDown(document);
    await tick();
    expect(refresh).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
    expect(hook.result.current.warningMsLeft).toBeNull();
  });

  it('signs out once the token has expired, even after activity', async () => {
    const { refresh, signOut } = setup(expAfter(TOKEN_CHECK_INTERVAL_MS));
    fireEvent.pointerDown(document);
    await tick();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes silently after pointer or keyboard activity, once per burst', async () => {
    const { hook, refresh } = setup(expAfter(30 * MINUTE));
    await tick(30_000);
    fireEvent.pointerDown(document);
    await tick(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(hook.result.current.warningMsLeft).toBeNull();
    await tick();
    expect(refresh).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document);
    await tick();
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('activity older than the activity window does not refresh', async () => {
    const { refresh } = setup(expAfter(30 * MINUTE));
    fireEvent.keyDown(document);
    // The interval is the window, so a keystroke is always seen by the next check; a clock jump
    // (a sleeping laptop) can leave it older than the window.
    vi.setSystemTime(START + ACTIVITY_WINDOW_MS + 1);
    await tick();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('warns with the time left when under 10 minutes remain, and not before', async () => {
    const { hook } = setup(expAfter(SESSION_WARNING_MS + TOKEN_CHECK_INTERVAL_MS));
    await tick();
    expect(hook.result.current.warningMsLeft).toBeNull();
    await tick();
    expect(hook.result.current.warningMsLeft).toBe(SESSION_WARNING_MS - TOKEN_CHECK_INTERVAL_MS);
  });

  it("'stay signed in' refreshes and closes the warning", async () => {
    const { hook, refresh } = setup(expAfter(5 * MINUTE));
    await tick();
    expect(hook.result.current.warningMsLeft).toBe(4 * MINUTE);
    await act(() => hook.result.current.stay());
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(hook.result.current.warningMsLeft).toBeNull();
    await tick();
    expect(hook.result.current.warningMsLeft).toBeNull();
  });

  it("'sign out' signs out and closes the warning", async () => {
    const { hook, signOut } = setup(expAfter(5 * MINUTE));
    await tick();
    act(() => {
      hook.result.current.signOut();
    });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(hook.result.current.warningMsLeft).toBeNull();
  });

  it('a failed refresh is left to the next check', async () => {
    const { hook } = setup(expAfter(3 * MINUTE));
    const refresh = vi.fn(() => Promise.reject(new Error('401')));
    const signOut = vi.fn();
    hook.unmount();
    const again = renderHook(() =>
      useSessionTimer({ getExpSeconds: () => expAfter(3 * MINUTE), refresh, signOut }),
    );
    fireEvent.keyDown(document);
    await tick();
    expect(refresh).toHaveBeenCalledTimes(1);
    await tick();
    expect(again.result.current.warningMsLeft).toBe(MINUTE);
    await tick();
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('stops listening and checking once unmounted', async () => {
    const { hook, signOut } = setup(expAfter(1000));
    hook.unmount();
    await tick(5 * TOKEN_CHECK_INTERVAL_MS);
    expect(signOut).not.toHaveBeenCalled();
  });
});

function PageWithSession({ refresh }: { refresh: () => Promise<void> }) {
  const [exp, setExp] = useState(expAfter(5 * MINUTE));
  const timer = useSessionTimer({
    getExpSeconds: () => exp,
    refresh: async () => {
      await refresh();
      setExp((Date.now() + 30 * MINUTE) / 1000);
    },
    signOut: () => undefined,
  });
  return (
    <>
      <label>
        Notes <input name="notes" />
      </label>
      <SessionExpiringDialog
        msLeft={timer.warningMsLeft}
        staying={timer.staying}
        onStay={() => {
          void timer.stay();
        }}
        onSignOut={timer.signOut}
      />
    </>
  );
}

describe('SessionExpiringDialog', () => {
  it("shows the minutes left, and unsaved input survives 'Stay signed in'", async () => {
    const refresh = vi.fn(() => Promise.resolve());
    render(
      <StaticMantineProvider env="test">
        <PageWithSession refresh={refresh} />
      </StaticMantineProvider>,
    );
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'half-typed answer' } });
    // The edit was not a pointer or key event, so the check warns instead of refreshing.
    await tick();
    const dialog = screen.getByRole('dialog', { name: 'Session Expiring' });
    expect(dialog).toHaveTextContent('about 4 minutes');
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Session Expiring' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Notes')).toHaveValue('half-typed answer');
  });

  it("calls sign-out from 'Sign out', and says '1 minute' near the end", () => {
    const onSignOut = vi.fn();
    render(
      <StaticMantineProvider env="test">
        <SessionExpiringDialog
          msLeft={30_000}
          staying={false}
          onStay={vi.fn()}
          onSignOut={onSignOut}
        />
      </StaticMantineProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Session Expiring' })).toHaveTextContent(
      'about 1 minute.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
