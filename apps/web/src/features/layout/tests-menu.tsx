import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import classes from './layout.module.css';
import { TEST_PLACES } from './portal-places.ts';

/**
 * 'Your tests' in the desktop navigation: a disclosure (a button that shows a list of links,
 * the pattern for site navigation, not an application menu) reaching every page of a test.
 * It closes on Escape (focus back on the button), on a click elsewhere and on navigation.
 */
export function TestsMenu({ current }: { current: 'true' | undefined }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [openedAt, setOpenedAt] = useState(pathname);
  // Going to another page closes it.
  if (open && openedAt !== pathname) {
    setOpen(false);
    setOpenedAt(pathname);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <li
      ref={root}
      className={classes.disclosure}
      onBlur={(event) => {
        // Tabbing out of the list closes it.
        if (open && !root.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={`${classes.navLink} ${classes.navButton}`}
        aria-expanded={open}
        aria-controls={listId}
        aria-current={current}
        onClick={() => {
          setOpenedAt(pathname);
          setOpen(!open);
        }}
      >
        Your tests
        <span aria-hidden className={classes.caret} data-open={open}>
          ▾
        </span>
      </button>
      <ul id={listId} className={classes.disclosureList} hidden={!open}>
        {TEST_PLACES.map((place) => (
          <li key={place.to}>
            <Link
              to={place.to}
              className={classes.disclosureLink}
              onClick={() => {
                setOpen(false);
              }}
            >
              {place.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
