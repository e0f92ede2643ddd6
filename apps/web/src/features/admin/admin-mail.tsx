import { Alert, Button, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { UndeliveredMail } from '@nestling/shared/contract/mail';
import { adminErrorText, formatAuditTime } from './format.ts';
import { useSendMailAgain, useUndeliveredMail } from './use-undelivered-mail.ts';

function StateCell({ mail }: { mail: UndeliveredMail }) {
  const sendAgain = useSendMailAgain();
  if (mail.state === 'retrying') {
    return (
      <Text size="sm">
        Trying again {mail.nextAttemptAt === null ? 'soon' : formatAuditTime(mail.nextAttemptAt)}{' '}
        (attempt {mail.attempts} of {mail.maxAttempts})
      </Text>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">Not delivered after {mail.attempts} attempts</Text>
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
          <Table.ScrollContainer minWidth={720}>
            <Table striped aria-labelledby="undelivered-mail-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">To</Table.Th>
                  <Table.Th scope="col">Subject</Table.Th>
                  <Table.Th scope="col">Queued</Table.Th>
                  <Table.Th scope="col">Last error</Table.Th>
                  <Table.Th scope="col">State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mail.data.mails.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{entry.to}</Table.Td>
                    <Table.Td>{entry.subject}</Table.Td>
                    <Table.Td>{formatAuditTime(entry.createdAt)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.lastError}</Table.Td>
                    <Table.Td>
                      <StateCell mail={entry} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}
