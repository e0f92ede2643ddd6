/**
 * Runs work once the pointer press in progress (if any) is over, after its click.
 *
 * A field is checked when it loses focus, and a message that appears pushes what is below it
 * down. When focus is lost because the person pressed on a control further down (a radio, a
 * button), that control would move between the press and the release, and the click would be
 * lost. So the check waits for the release and its click.
 */
let pressed = false;
let pending: (() => void)[] = [];
let listening = false;

function listen(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener(
    'pointerdown',
    () => {
      pressed = true;
    },
    { capture: true, passive: true },
  );
  const release = () => {
    if (!pressed) return;
    pressed = false;
    const work = pending;
    pending = [];
    // The click event follows pointerup; run after it.
    setTimeout(() => {
      for (const run of work) run();
    }, 0);
  };
  document.addEventListener('pointerup', release, { capture: true, passive: true });
  document.addEventListener('pointercancel', release, { capture: true, passive: true });
}

export function afterPointerRelease(work: () => void): void {
  listen();
  if (pressed) pending.push(work);
  else work();
}

// Installed with the first form, before its first blur can happen.
listen();
