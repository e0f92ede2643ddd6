import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { auditActionSchema, type AuditFilter } from '@nestling/shared/contract/admin';
import { useId, useState, type SubmitEvent } from 'react';
import classes from './admin.module.css';
import { auditFilterOf, EMPTY_AUDIT_FILTER, type AuditFilterDraft } from './audit-filter.ts';
import { adminErrorText, formatAuditTime } from './format.ts';
import { useAuditLog, useExportAuditLog } from './use-admin.ts';
import { PageNav } from '../../ui/page-nav.tsx';

const PAGE_SIZE = 50;
const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...auditActionSchema.options.map((action) => ({ value: action, label: action })),
];

/**
 * The audit log: who read or changed whose data, when, on which page and through which route.
 * Filters by staff member, patient, action and days; pages on the server; exports the filtered
 * entries as CSV.
 */
export function AuditLog() {
  const [draft, setDraft] = useState<AuditFilterDraft>(EMPTY_AUDIT_FILTER);
  const [dateError, setDateError] = useState<string | undefined>();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const audit = useAuditLog({ ...filter, page, pageSize: PAGE_SIZE });
  const exportCsv = useExportAuditLog();
  const headingId = useId();

  const field = (name: keyof AuditFilterDraft) => ({
    value: draft[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      setDraft({ ...draft, [name]: event.currentTarget.value });
    },
  });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = auditFilterOf(draft);
    setDateError(chosen.error);
    if (chosen.error !== undefined) return;
    setFilter(chosen.filter);
    setPage(1);
  };

  const total = audit.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        Audit log
      </Title>
      <Text>
        One entry per patient page a staff member opened while viewing as or impersonating, one per
        other request, and one per change. Times are in your time zone.
      </Text>
      <form role="search" aria-label="Filter the audit log" onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <div className={classes.filters}>
            <TextInput label="Staff member (email or id)" {...field('actor')} />
            <TextInput label="Patient (email or id)" {...field('subject')} />
            <NativeSelect label="Action" data={ACTION_OPTIONS} {...field('action')} />
            <TextInput label="From" type="date" {...field('from')} />
            <TextInput label="To" type="date" error={dateError} {...field('to')} />
          </div>
          <Group gap="sm">
            <Button type="submit">Apply filters</Button>
            <Button
              variant="default"
              onClick={() => {
                setDraft(EMPTY_AUDIT_FILTER);
                setDateError(undefined);
                setFilter({});
                setPage(1);
              }}
            >
              Clear
            </Button>
            <Button
              variant="outline"
              loading={exportCsv.isPending}
              onClick={() => {
                exportCsv.mutate(filter);
              }}
            >
              Export CSV
            </Button>
          </Group>
        </Stack>
      </form>
      {exportCsv.isError && (
        <Alert color="red" title="The CSV could not be exported" role="alert">
          {adminErrorText(exportCsv.error)}
        </Alert>
      )}
      {audit.isPending && <Loader size="sm" role="status" aria-label="Loading the audit log" />}
      {audit.isError && (
        <Alert color="red" title="The audit log could not be loaded" role="alert">
          {adminErrorText(audit.error)}
        </Alert>
      )}
      {audit.data?.total === 0 && <Text>No entries match.</Text>}
      {audit.data !== undefined && audit.data.entries.length > 0 && (
        <>
          <Text role="status">
            Entries {first}–{last} of {total}
          </Text>
          {/* Focusable, so that keyboard users can scroll a table wider than the screen. */}
          <div className={classes.scroll} tabIndex={0} role="region" aria-label="Audit log entries">
            <Table striped aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Time</Table.Th>
                  <Table.Th scope="col">Staff member</Table.Th>
                  <Table.Th scope="col">Patient</Table.Th>
                  <Table.Th scope="col">Action</Table.Th>
                  <Table.Th scope="col">Page</Table.Th>
                  <Table.Th scope="col">Route</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {audit.data.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td className={classes.nowrap}>{formatAuditTime(entry.at)}</Table.Td>
                    <Table.Td>{entry.actorEmail ?? entry.actorId ?? '—'}</Table.Td>
                    <Table.Td>{entry.subjectEmail ?? entry.subjectId ?? '—'}</Table.Td>
                    <Table.Td>{entry.action}</Table.Td>
                    <Table.Td>{entry.page ?? '—'}</Table.Td>
                    <Table.Td className={classes.nowrap}>{entry.route ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          <PageNav label="Audit log pages" page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}
