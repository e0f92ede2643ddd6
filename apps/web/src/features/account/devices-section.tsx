import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { DeviceSession } from '@nestling/shared/contract/account';
import { useId } from 'react';
import { usDateTimeOf } from '../../ui/us-date.ts';
import { FormError } from '../auth/index.ts';
import classes from './devices.module.css';
import { useDeviceSessions, useSignOutDevices } from './use-account.ts';

/** '6/15/2026, 2:05 PM', in the browser's time zone, as every date a patient reads. */
export const formatDateTime = usDateTimeOf;

function DeviceItem({
  session,
  onSignOut,
  pending,
}: {
  session: DeviceSession;
  /** Absent when this device cannot be signed out from here. */
  onSignOut: (() => void) | undefined;
  pending: boolean;
}) {
  const nameId = useId();
  return (
    <Paper component="li" withBorder p="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          <Text fw={700} id={nameId}>
            {session.device}
          </Text>
          {session.current && <Text fw={600}>This device</Text>}
          <Text size="sm">Last used {formatDateTime(session.lastUsedAt)}</Text>
          <Text size="sm">
            Signed in {formatDateTime(session.createdAt)}
            {session.ipAddress === null ? '' : ` from ${session.ipAddress}`}
          </Text>
        </Stack>
        {onSignOut !== undefined && (
          <Button variant="default" onClick={onSignOut} loading={pending} aria-describedby={nameId}>
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The browsers signed in to the account, most recently used first, with a way to sign out any
 * other one, or all of them at once.
 */
export function DevicesSection({ impersonated }: { impersonated: boolean }) {
  const devices = useDeviceSessions();
  const signOut = useSignOutDevices();

  if (devices.isPending)
    return <Loader size="sm" role="status" aria-label="Loading your devices" />;
  if (devices.isError) return <FormError error={devices.error} />;

  const { sessions } = devices.data;
  const others = sessions.filter((session) => !session.current);
  const pendingId =
    signOut.isPending && signOut.variables !== 'others' ? signOut.variables.id : null;

  return (
    <Stack gap="md">
      {signOut.isSuccess && (
        <Alert color="green" title="Signed out" role="status">
          {signOut.data.message}
        </Alert>
      )}
      <FormError error={signOut.error} />
      {impersonated && (
        <Text>Only the account holder can sign devices out, not while impersonating.</Text>
      )}
      {sessions.length === 0 ? (
        <Text>No device is signed in to your account.</Text>
      ) : (
        <Stack component="ul" gap="sm" className={classes.list}>
          {sessions.map((session) => (
            <DeviceItem
              key={session.id}
              session={session}
              pending={pendingId === session.id}
              onSignOut={
                impersonated || session.current
                  ? undefined
                  : () => {
                      signOut.mutate({ id: session.id });
                    }
              }
            />
          ))}
        </Stack>
      )}
      {!impersonated && others.length > 0 && (
        <Group>
          <Button
            variant="default"
            loading={signOut.isPending && signOut.variables === 'others'}
            onClick={() => {
              signOut.mutate('others');
            }}
          >
            Sign out all other devices
          </Button>
        </Group>
      )}
    </Stack>
  );
}
