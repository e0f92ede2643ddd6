import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import type { UndeliveredMail } from '@nestling/shared/contract/mail';
import classes from './admin-mail.module.css';
import { adminErrorText, formatAuditTime } from './format.ts';
import { useSendMailAgain, useUndeliveredMail } from './use-undelivered-mail.ts';

function MailState({ mail }: { mail: UndeliveredMail }) {
  const sendAgain = useSendMailAgain();
  const tries = `${String(mail.attempts)} ${mail.attempts === 1 ? 'try' : 'tries'}`;
  if (mail.state === 'retrying') {
    return (
      <Text size="sm">
        {tries} of {mail.maxAttempts} so far; the next at{' '}
        {mail.nextAttemptAt === null ? 'once' : formatAuditTime(mail.nextAttemptAt)}
      </Text>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">Not delivered after {tries}; no more tries</Text>
      <Button
        size="xs"
        variant="default"
        loading={sendAgain.isPending}
        aria-label={`Send again: ${mail.subject} to ${mail.to}`}
        onClick={() => {
          sendAgain.mutate(mail.id);
        }}
      >
        Send again
      </Button>
      {sendAgain.isError && (
        <Text size="sm" c="red.9" role="alert">
          {adminErrorText(sendAgain.error)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * /admin?tab=mail: mail the portal has not delivered yet (ADR 047). Every mail is queued and
 * tried again for about five hours (an outage of the mail server); one the mail server refused,
 * or that ran out of attempts, waits here to be sent again once the cause is mended.
 */
export function AdminMail() {
  const mail = useUndeliveredMail();
  return (
    <Stack gap="lg">
      <Text>
        The portal queues every mail and tries again when the mail server does not take it. Mail
        listed here has not reached the mail server yet. Once the cause is mended (the mail
        server&apos;s settings, a refused address), send a failed mail again.
      </Text>
      <Stack gap="sm">
        <Title order={2} id="undelivered-mail-heading">
          Mail not delivered yet
        </Title>
        {mail.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading the mail" />
        ) : mail.isError ? (
          <Alert color="red" role="alert">
            {adminErrorText(mail.error)}
          </Alert>
        ) : mail.data.mails.length === 0 ? (
          <Text>Every mail has been delivered to the mail server.</Text>
        ) : (
          <ul className={classes.list} aria-labelledby="undelivered-mail-heading">
            {mail.data.mails.map((entry) => (
              <li key={entry.id} className={classes.mail}>
                <Title order={3} size="h5">
                  {entry.subject}
                </Title>
                <dl className={classes.facts}>
                  <dt>To</dt>
                  <dd>{entry.to}</dd>
                  <dt>Queued</dt>
                  <dd>{formatAuditTime(entry.createdAt)}</dd>
                  <dt>Last error</dt>
                  <dd className={classes.error}>{entry.lastError}</dd>
                </dl>
                <MailState mail={entry} />
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Stack>
  );
}
