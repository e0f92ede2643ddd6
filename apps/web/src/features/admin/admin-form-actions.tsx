import { Alert, Button, Group, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AdminFormState } from './use-admin-form.ts';

/**
 * The end of an admin form: why saving failed (unless a field says it), the submit button, Close
 * while editing a record in place, and whatever else the form puts beside them.
 */
export function AdminFormActions({
  form,
  submitLabel,
  submitVariant,
  alertColor = 'red',
  onClose,
  children,
}: {
  form: AdminFormState;
  submitLabel: string;
  /** 'outline' where saving is the lesser action, like going back a stage. */
  submitVariant?: ButtonProps['variant'];
  /** 'yellow' where the refusal says the thing is done already. */
  alertColor?: string;
  /** Given while editing a record in place. */
  onClose?: (() => void) | undefined;
  /** Beside the buttons: a status line, or the form's other actions. */
  children?: ReactNode;
}) {
  return (
    <>
      {form.formError !== undefined && (
        <Alert color={alertColor} role="alert">
          {form.formError}
        </Alert>
      )}
      <Group>
        <Button type="submit" variant={submitVariant} loading={form.isPending}>
          {submitLabel}
        </Button>
        {onClose !== undefined && (
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        )}
        {children}
      </Group>
    </>
  );
}
