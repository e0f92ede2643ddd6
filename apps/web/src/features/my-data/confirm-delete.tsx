import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../ui/dialog.tsx';
import classes from './my-data.module.css';

/**
 * A Delete button that asks first, in a dialog that says what goes: for an import or an
 * export. The server's reason shows in the dialog when it refuses; it closes once deleted.
 */
export function ConfirmDelete({
  id,
  name,
  explanation,
  remove,
  onDeleted,
}: {
  id: string;
  /** What is deleted, as the person knows it: the button's and the dialog's name. */
  name: string;
  explanation: string;
  remove: UseMutationResult<unknown, Error, string>;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Group>
        <Button
          variant="outline"
          color="red.9"
          aria-label={`Delete ${name}`}
          onClick={() => {
            remove.reset();
            setConfirming(true);
          }}
        >
          Delete
        </Button>
      </Group>
      <Dialog
        opened={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        title={`Delete ${name}?`}
        titleClassName={classes.fileName}
      >
        <Stack gap="md">
          <Text>{explanation}</Text>
          {remove.isError && (
            <Alert color="red" role="alert">
              {remove.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setConfirming(false);
              }}
            >
              Keep it
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() => {
                remove.mutate(id, {
                  onSuccess: () => {
                    setConfirming(false);
                    onDeleted();
                  },
                });
              }}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}
