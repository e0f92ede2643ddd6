import { Button, Group, Text } from '@mantine/core';
import { Dialog } from '../../ui/dialog.tsx';

export interface SessionExpiringDialogProps {
  /** Milliseconds left; the dialog is open while this is not null. */
  msLeft: number | null;
  staying: boolean;
  onStay: () => void;
  onSignOut: () => void;
}

/** 'N minutes' (rounded up, at least 1). */
export function minutesLeftText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * The 'Session Expiring' dialog of spec section 2. It opens over the page (in a portal) and
 * never replaces it, so whatever was typed is still there after 'Stay signed in'.
 */
export function SessionExpiringDialog({
  msLeft,
  staying,
  onStay,
  onSignOut,
}: SessionExpiringDialogProps) {
  return (
    // Closing it any way means 'Stay signed in'.
    <Dialog
      opened={msLeft !== null}
      onClose={onStay}
      title="Session Expiring"
      closeOnClickOutside={false}
    >
      <Text mb="lg">
        For your security you will be signed out in about{' '}
        {msLeft === null ? '' : minutesLeftText(msLeft)}. Would you like to stay signed in?
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onSignOut}>
          Sign out
        </Button>
        <Button onClick={onStay} loading={staying}>
          Stay signed in
        </Button>
      </Group>
    </Dialog>
  );
}
