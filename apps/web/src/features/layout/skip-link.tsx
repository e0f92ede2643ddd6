import type { MouseEvent } from 'react';
import classes from './layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** The first focusable element: jumps past the navigation to the page's main content. */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  }

  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skip}>
      Skip to main content
    </a>
  );
}
