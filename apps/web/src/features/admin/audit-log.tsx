import { Alert, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import classes from './admin.module.css';
import { adminErrorText, formatAuditTime } from './format.ts';
import { useAuditLog } from './use-admin.ts';

/** The newest audit entries: who read or changed whose data, when, through which route. */
export function AuditLog() {
  const audit = useAuditLog();
  const headingId = useId();

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId} mt="xl">
      <Title order={2} id={headingId}>
        Audit log
      </Title>
      {audit.isPending && <Loader size="sm" role="status" aria-label="Loading the audit log" />}
      {audit.isError && (
        <Alert color="red" title="The audit log could not be loaded" role="alert">
          {adminErrorText(audit.error)}
        </Alert>
      )}
      {audit.data?.entries.length === 0 && <Text>Nothing has been recorded yet.</Text>}
      {audit.data !== undefined && audit.data.entries.length > 0 && (
        // Focusable, so that keyboard users can scroll a table wider than the screen.
        <div className={classes.scroll} tabIndex={0} role="region" aria-label="Audit log entries">
          <Table striped aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Time</Table.Th>
                <Table.Th scope="col">Actor</Table.Th>
                <Table.Th scope="col">Subject</Table.Th>
                <Table.Th scope="col">Action</Table.Th>
                <Table.Th scope="col">Route</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {audit.data.entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatAuditTime(entry.at)}</Table.Td>
                  <Table.Td>{entry.actorEmail ?? entry.actorId ?? '—'}</Table.Td>
                  <Table.Td>{entry.subjectEmail ?? entry.subjectId ?? '—'}</Table.Td>
                  <Table.Td>{entry.action}</Table.Td>
                  <Table.Td>{entry.route ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Stack>
  );
}
