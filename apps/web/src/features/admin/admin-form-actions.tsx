import { Alert, Button, Group } from '@mantine/core';
import { serverFieldError } from './admin-forms.ts';
import { adminErrorText } from './format.ts';

/**
 * The end of an admin form that adds or edits one record: why saving failed (unless the
 * server named a field, which that field shows), the submit button, and Close while editing.
 */
export function AdminFormActions({
  action,
  submitLabel,
  onClose,
}: {
  action: { isError: boolean; isPending: boolean; error: unknown };
  submitLabel: string;
  /** Given while editing a record in place. */
  onClose?: (() => void) | undefined;
}) {
  return (
    <>
      {action.isError && serverFieldError(action.error) === undefined && (
        <Alert color="red" role="alert">
          {adminErrorText(action.error)}
        </Alert>
      )}
      <Group>
        <Button type="submit" loading={action.isPending}>
          {submitLabel}
        </Button>
        {onClose !== undefined && (
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        )}
      </Group>
    </>
  );
}
