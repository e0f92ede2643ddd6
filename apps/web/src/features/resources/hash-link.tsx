import { Anchor } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A link to a place on the same page (`#id`), for a guide's contents and its citations. The
 * href is a plain fragment, so it works without script, in a printed PDF and when copied. A
 * click goes through the router, which puts the fragment in the address bar; then the target is
 * scrolled into view and takes focus, so a keyboard or screen reader carries on
 * reading from there rather than from the link.
 */
export function HashLink({
  targetId,
  className,
  children,
}: {
  targetId: string;
  className?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();

  function follow(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window (modifier keys, middle button) is the browser's business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    const target = document.getElementById(targetId);
    if (target === null) return;
    event.preventDefault();
    // Scrolled here rather than by the router, so that a second click on the same entry (the
    // same address, so no navigation) still brings the section back into view.
    void navigate({ to: '.', hash: targetId, resetScroll: false, hashScrollIntoView: false }).then(
      () => {
        target.scrollIntoView({ block: 'start' });
        target.focus({ preventScroll: true });
      },
    );
  }

  return (
    <Anchor href={`#${targetId}`} className={className} onClick={follow}>
      {children}
    </Anchor>
  );
}
