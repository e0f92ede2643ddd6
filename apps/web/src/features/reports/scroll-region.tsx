import type { ReactNode } from 'react';
import classes from './reports.module.css';

/**
 * A wide table's own sideways-scrolling region, so that on a phone the table scrolls and the page
 * does not. Named, and focusable so that a keyboard can scroll it (axe: scrollable-region-focusable).
 * `hint` tells sighted readers it scrolls: always, or (`hintOnPhone`) on narrow screens only.
 */
export function ScrollRegion({
  label,
  hint,
  hintOnPhone = false,
  children,
}: {
  label: string;
  hint?: string;
  hintOnPhone?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      {hint !== undefined && (
        <p className={`${classes.scrollHint}${hintOnPhone ? ' phone-only' : ''}`}>{hint}</p>
      )}
      <div className={classes.scrollRegion} role="region" aria-label={label} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
