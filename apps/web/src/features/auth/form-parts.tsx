import type { ReactNode } from 'react';
import { authErrorText } from './auth-errors.ts';
import classes from './form-parts.module.css';

// Plain elements styled like Mantine's Paper, Text and Button rather than Mantine's own: these
// parts are on /signin, whose first load has a budget (ADR 038).

/** The server's answer to a failed submit, read out when it appears. */
export function FormError({ error, children }: { error: unknown; children?: ReactNode }) {
  if (error === null || error === undefined) return null;
  return (
    <div className={classes.errorBox} role="alert">
      <p className={`${classes.text} ${classes.errorTitle}`}>That did not work</p>
      <p className={classes.text}>{authErrorText(error)}</p>
      {children}
    </div>
  );
}

/** A submit button that shows progress and cannot be pressed twice. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className={classes.button}
      disabled={pending}
      data-loading={pending || undefined}
      aria-busy={pending || undefined}
    >
      {pending && <span className={classes.spinner} aria-hidden="true" />}
      <span className={classes.buttonLabel}>{children}</span>
    </button>
  );
}

/** A stack of form rows, md apart, at most 420 px wide. */
export function FormStack({ children }: { children: ReactNode }) {
  return <div className={classes.stack}>{children}</div>;
}

/** A paragraph of body text, or of small text; a link inside takes its size. */
export function FormText({ small = false, children }: { small?: boolean; children: ReactNode }) {
  return <p className={small ? classes.smallText : classes.text}>{children}</p>;
}
