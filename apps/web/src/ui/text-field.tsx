import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import classes from './text-field.module.css';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'className' | 'style' | 'children'
> {
  label: string;
  /** A hint under the label, read out with the field. */
  description?: ReactNode;
  /** The field's message, read out with it; the field is marked invalid while it is set. */
  error?: ReactNode;
  /** A control inside the field's end, 4 rem wide (the password's 'Show'). */
  end?: ReactNode;
}

/**
 * A labeled text input that looks and behaves like Mantine's TextInput (label, required
 * asterisk, hint, message, aria-describedby) without Mantine's runtime. The identity forms use
 * it: /signin's first load has a budget that Mantine's input family alone would take 4 kB of
 * (ADR 038).
 */
export function TextField({
  label,
  description,
  error,
  end,
  id,
  required,
  ...input
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const descriptionId = `${inputId}-description`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy =
    [hasError ? errorId : undefined, description ? descriptionId : undefined]
      .filter((part) => part !== undefined)
      .join(' ') || undefined;

  return (
    <div className={classes.root}>
      <label className={classes.label} htmlFor={inputId} id={`${inputId}-label`}>
        {label}
        {required && (
          <span className={classes.required} aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {description && (
        <p className={classes.description} id={descriptionId}>
          {description}
        </p>
      )}
      <div
        className={classes.control}
        data-error={hasError || undefined}
        data-with-end={end !== undefined || undefined}
      >
        <input
          {...input}
          id={inputId}
          required={required}
          className={classes.input}
          aria-invalid={hasError || undefined}
          aria-describedby={describedBy}
        />
        {end !== undefined && <div className={classes.end}>{end}</div>}
      </div>
      {hasError && (
        <p className={classes.error} id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
