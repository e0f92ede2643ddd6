import { Button, Group, Loader, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import {
  ACCESS_KIND_LABELS,
  accessKindSchema,
  type AccessEntry,
  type AccessKind,
} from '@nestling/shared/contract/access-log';
import { useState } from 'react';
import { FormError } from '../auth/index.ts';
import { PageNav } from '../../ui/page-nav.tsx';
import { usDateTimeOf } from '../../ui/us-date.ts';
import classes from './devices.module.css';
import { useAccessLog, useDownloadAccessLog } from './use-account.ts';

const KIND_OPTIONS = [
  { value: 'all', label: 'Everyone' },
  ...accessKindSchema.options.map((kind) => ({ value: kind, label: ACCESS_KIND_LABELS[kind] })),
];

function AccessItem({ entry }: { entry: AccessEntry }) {
  return (
    <Paper component="li" withBorder p="md">
      <Stack gap={2}>
        <Text fw={700}>{entry.who}</Text>
        <Text>
          {entry.what}
          {entry.page === null
            ? ''
            : entry.page === '/'
              ? ' (the home page)'
              : ` (the page ${entry.page})`}
        </Text>
        <Text size="sm">{usDateTimeOf(entry.at)}</Text>
      </Stack>
    </Paper>
  );
}

/**
 * Who has seen the person's data: lab staff viewing or acting as them, their partner opening a
 * report they share, their clinic opening a share link. From the audit log, which nobody can
 * edit; nothing the person did themselves is in it.
 */
export function AccessLogSection() {
  const [kind, setKind] = useState<AccessKind | undefined>(undefined);
  const [page, setPage] = useState(1);
  const log = useAccessLog(kind, page);
  const download = useDownloadAccessLog();

  const total = log.data?.total ?? 0;
  const pageSize = log.data?.pageSize ?? 1;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <Stack gap="md">
      <Text>
        Each time someone other than you opened or changed your records: lab staff helping you, your
        partner reading a report you share, your clinic opening a link you made. Nobody can change
        or remove an entry.
      </Text>
      <Group align="end" gap="sm">
        <NativeSelect
          label="Show"
          data={KIND_OPTIONS}
          value={kind ?? 'all'}
          onChange={(event) => {
            const parsed = accessKindSchema.safeParse(event.currentTarget.value);
            setKind(parsed.success ? parsed.data : undefined);
            setPage(1);
          }}
        />
        <Button
          variant="default"
          loading={download.isPending}
          onClick={() => {
            download.mutate(kind);
          }}
        >
          Download as CSV
        </Button>
      </Group>
      <FormError error={download.error} />
      {log.isPending && (
        <Loader size="sm" role="status" aria-label="Loading who has seen your data" />
      )}
      <FormError error={log.error} />
      {log.data?.total === 0 && (
        <Text>
          {kind === undefined
            ? 'No one else has opened your records.'
            : `${ACCESS_KIND_LABELS[kind]}: no entries.`}
        </Text>
      )}
      {log.data !== undefined && log.data.entries.length > 0 && (
        <>
          <Stack
            component="ul"
            gap="sm"
            className={classes.list}
            aria-label="Who has seen your data"
          >
            {log.data.entries.map((entry) => (
              <AccessItem key={entry.id} entry={entry} />
            ))}
          </Stack>
          {pages > 1 && (
            <PageNav
              label="Pages of who has seen your data"
              page={page}
              pages={pages}
              onPage={setPage}
            />
          )}
        </>
      )}
    </Stack>
  );
}
