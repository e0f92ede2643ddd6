import { LOADING_SHIELD_FADE_MS } from '@nestling/shared/constants';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import classes from './layout.module.css';
import { isShieldedPath } from './shielded-routes.ts';

/**
 * The overlay itself: fully opaque while `active`, then fades out over LOADING_SHIELD_FADE_MS
 * (opacity transition; instant with prefers-reduced-motion) and unmounts.
 */
export function LoadingShieldOverlay({ active }: { active: boolean }) {
  const [mounted, setMounted] = useState(active);
  // Mount as soon as the shield turns on (state derived during render, no effect needed).
  if (active && !mounted) setMounted(true);

  useEffect(() => {
    if (active || !mounted) return;
    const timer = setTimeout(() => {
      setMounted(false);
    }, LOADING_SHIELD_FADE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [active, mounted]);

  if (!mounted) return null;
  return (
    <div
      className={classes.shield}
      data-state={active ? 'visible' : 'fading'}
      style={{ transitionDuration: `${LOADING_SHIELD_FADE_MS}ms` }}
      role="status"
      aria-live="polite"
    >
      <span className={classes.spinner} aria-hidden />
      <span>Loading…</span>
    </div>
  );
}

/** Shown while the router is loading a report, data import/export or account-settings page. */
export function LoadingShield() {
  const active = useRouterState({
    select: (state) => state.status === 'pending' && isShieldedPath(state.location.pathname),
  });
  return <LoadingShieldOverlay active={active} />;
}
