import '@mantine/core/styles/Progress.css';
import { Alert, Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { GenotypeImport, ImportState, ImportSummary } from '@nestling/shared/contract/my-data';
import { IconAlertTriangle, IconCircleX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { pendingOrFailed } from '../../ui/page-status.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';
import {
  IMPORT_FORMAT_LABELS,
  IMPORT_STATE_LABELS,
  SEX_MISMATCH_WARNING,
  bytesText,
  callRateText,
  countText,
  impliedSexText,
  importDateTime,
  percentOf,
  progressText,
} from './import-text.ts';
import factList from '../../ui/fact-list.module.css';
import classes from './my-data.module.css';
import { useDeleteImport, useImports } from './use-imports.ts';
import { ConfirmDelete } from './confirm-delete.tsx';

/** Dark shades, so the white words stay readable; the words carry the meaning. */
const STATE_COLORS: Record<ImportState, string> = {
  uploading: 'gray.8',
  queued: 'gray.8',
  importing: 'blue.9',
  done: 'teal.9',
  failed: 'red.9',
};

/** What reading the file found. */
function SummaryFacts({ summary }: { summary: ImportSummary }) {
  return (
    <>
      <dt>Format</dt>
      <dd>{IMPORT_FORMAT_LABELS[summary.format]}</dd>
      <dt>Genome build</dt>
      <dd>{summary.build}</dd>
      <dt>Variants</dt>
      <dd>{countText(summary.variants)}</dd>
      <dt>No-calls</dt>
      <dd>{countText(summary.noCalls)}</dd>
      <dt>Call rate</dt>
      <dd>{callRateText(summary.callRate)}</dd>
      <dt>Implied sex</dt>
      <dd>{impliedSexText(summary.impliedSex)}</dd>
    </>
  );
}

/** Delete, after a question in a dialog. */
function DeleteImport({ item, onDeleted }: { item: GenotypeImport; onDeleted: () => void }) {
  return (
    <ConfirmDelete
      id={item.id}
      name={item.fileName}
      explanation="The uploaded file and the genotypes read from it are deleted from the portal. This cannot be undone; you can import the file again later."
      remove={useDeleteImport()}
      onDeleted={onDeleted}
    />
  );
}

function ImportCard({
  item,
  viewingAs,
  onDeleted,
}: {
  item: GenotypeImport;
  viewingAs: boolean;
  onDeleted: (fileName: string) => void;
}) {
  const headingId = useId();
  const readTotal = item.progressTotal ?? item.size;
  return (
    // Named with its date too: the same file imported twice would otherwise be two regions alike.
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-label={`${item.fileName}, started ${importDateTime(item.createdAt)}`}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} size="h3" id={headingId} className={classes.fileName}>
            {item.fileName}
          </Title>
          <Badge color={STATE_COLORS[item.state]} variant="filled">
            {IMPORT_STATE_LABELS[item.state]}
          </Badge>
        </Group>
        <dl className={factList.facts}>
          <dt>Size</dt>
          <dd>{bytesText(item.size)}</dd>
          <dt>Started</dt>
          <dd>{importDateTime(item.createdAt)}</dd>
          {item.finishedAt !== null && (
            <>
              <dt>Finished</dt>
              <dd>{importDateTime(item.finishedAt)}</dd>
            </>
          )}
          {item.state === 'done' && item.summary !== null && (
            <SummaryFacts summary={item.summary} />
          )}
          {item.sha256 !== null && (
            <>
              <dt>SHA-256</dt>
              <dd className={classes.hash}>{item.sha256}</dd>
            </>
          )}
        </dl>
        {item.state === 'uploading' && (
          <Text>
            {progressText(item.progressDone, item.progressTotal ?? item.size)} uploaded. To finish,
            choose the same file on the{' '}
            <AnchorLink to="/my-data/new-import">new import page</AnchorLink>: the upload continues
            where it stopped.
          </Text>
        )}
        {item.state === 'importing' && (
          <Stack gap={4}>
            <Progress.Root size="lg">
              <Progress.Section
                value={percentOf(item.progressDone, readTotal)}
                aria-label={`Reading ${item.fileName}`}
              />
            </Progress.Root>
            <Text size="sm">{progressText(item.progressDone, readTotal)} read</Text>
          </Stack>
        )}
        {item.state === 'done' && item.summary?.sexMatchesProfile === false && (
          <Alert
            color="yellow"
            role="note"
            title="Check whose file this is"
            icon={<IconAlertTriangle aria-hidden="true" />}
          >
            {SEX_MISMATCH_WARNING}
          </Alert>
        )}
        {item.state === 'failed' && (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text c="red.9" component="span" lh={1}>
              <IconCircleX aria-hidden="true" size={20} />
            </Text>
            <Text c="red.9">
              <strong>Not imported: </strong>
              {item.error ?? 'the file could not be read.'}
            </Text>
          </Group>
        )}
        {!viewingAs && (
          <DeleteImport
            item={item}
            onDeleted={() => {
              onDeleted(item.fileName);
            }}
          />
        )}
      </Stack>
    </Card>
  );
}

/**
 * /my-data/imports: each genome file the person imported, newest first, with how far it got,
 * what reading it found, and a way to delete it. Read again every 2 seconds while one is not
 * finished. An admin viewing as the person sees the list without Delete.
 */
export function ImportsPage() {
  const imports = useImports();
  const viewingAs = useViewAs() !== undefined;
  const [deleted, setDeleted] = useState<string | null>(null);
  if (imports.isPending || imports.isError) return pendingOrFailed(imports, 'your imports');
  const items = imports.data.imports;
  const importLink = (
    <ButtonLink to="/my-data/new-import" variant="default">
      Import a file
    </ButtonLink>
  );
  return (
    <Stack gap="lg" align="stretch">
      {deleted !== null && (
        <Alert color="green" title="Deleted" role="status">
          {deleted} and the genotypes read from it are deleted.
        </Alert>
      )}
      {items.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text>You have not imported any files yet.</Text>
          {importLink}
        </Stack>
      ) : (
        <>
          <Group>{importLink}</Group>
          <ul className={classes.list} aria-label="Your imports">
            {items.map((item) => (
              <li key={item.id}>
                <ImportCard item={item} viewingAs={viewingAs} onDeleted={setDeleted} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Stack>
  );
}
