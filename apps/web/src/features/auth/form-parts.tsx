import { Button, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { authErrorText } from './auth-errors.ts';

/** The server's answer to a failed submit, read out when it appears. */
export function FormError({ error, children }: { error: unknown; children?: ReactNode }) {
  if (error === null || error === undefined) return null;
  return (
    // Paper and Text rather than Alert: this sits on /signin, whose first load has a budget.
    <Paper withBorder p="sm" role="alert">
      <Text fw={700} c="red.9">
        That did not work
      </Text>
      <Text>{authErrorText(error)}</Text>
      {children}
    </Paper>
  );
}

/** A submit button that shows progress and cannot be pressed twice. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" loading={pending} aria-busy={pending || undefined}>
      {children}
    </Button>
  );
}
