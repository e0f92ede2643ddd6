import '@mantine/core/styles/Code.css';
import { Anchor, Code, Stack, Text, Title } from '@mantine/core';
import { DEBUG_COUNTDOWN_SECONDS } from '@nestling/shared/constants';
import { useEffect, useState } from 'react';
import { HomeButton } from './home-button.tsx';
import { CLOUD_LOGS_DISABLED, DEBUG_HEADING, REPORT_ISSUE_LABEL } from './texts.ts';

export interface DebugErrorProps {
  /** The signed-in admin's email. */
  userEmail: string;
  /** The email of the user whose report was asked for (the `email` query), if any. */
  reportEmail?: string | undefined;
  /** The error's own message, for the admin. */
  message?: string | undefined;
  supportEmail: string;
  homeLabel?: string | undefined;
}

/**
 * The error page for admin users (spec section 2): 'Server error', who is signed in, whose
 * report was asked for, and a countdown from 15 s, once a second, to the cloud-logs notice.
 */
export function DebugError({
  userEmail,
  reportEmail,
  message,
  supportEmail,
  homeLabel,
}: DebugErrorProps) {
  const [remaining, setRemaining] = useState(DEBUG_COUNTDOWN_SECONDS);

  const done = remaining <= 0;

  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => {
      setRemaining((seconds) => Math.max(0, seconds - 1));
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [done]);

  return (
    <Stack align="flex-start" gap="md">
      <Title order={1}>{DEBUG_HEADING}</Title>
      <Text>
        Signed in as <strong>{userEmail}</strong>
      </Text>
      {reportEmail && (
        <Text>
          Requested report: <strong>{reportEmail}</strong>
        </Text>
      )}
      {message && (
        <Text>
          Error: <Code>{message}</Code>
        </Text>
      )}
      {!done ? (
        <Text>
          Web cloud logs in <span role="timer">{remaining}</span> s
        </Text>
      ) : (
        <Text role="status">{CLOUD_LOGS_DISABLED}</Text>
      )}
      <Anchor href={`mailto:${supportEmail}`}>{REPORT_ISSUE_LABEL}</Anchor>
      <HomeButton label={homeLabel} />
    </Stack>
  );
}
