import '@mantine/core/styles/Progress.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  NativeSelect,
  Paper,
  Progress,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  EXPORT_VCF_NEEDS_VCF,
  isGenotypeExport,
  type DataExport,
  type ExportFile,
  type ExportKind,
  type ExportState,
} from '@nestling/shared/contract/my-data';
import { IconCircleX } from '@tabler/icons-react';
import { useId, useState, type SubmitEvent } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { pendingOrFailed } from '../../ui/page-status.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';
import {
  EXPORT_FAILED_FALLBACK,
  EXPORT_KINDS,
  EXPORT_KIND_LABELS,
  EXPORT_KIND_PURPOSES,
  EXPORT_LINK_INTRO,
  EXPORT_NO_IMPORTS,
  EXPORT_STATE_LABELS,
  exportKindOf,
  exportRequestProblem,
  exportTitle,
  exportableImports,
  importChoiceLabel,
  linkFailureText,
} from './export-text.ts';
import { bytesText, importDateTime, percentOf } from './import-text.ts';
import factList from '../../ui/fact-list.module.css';
import classes from './my-data.module.css';
import {
  useCreateExport,
  useDeleteExport,
  useDownloadExportFile,
  useExports,
} from './use-exports.ts';
import { useImports } from './use-imports.ts';
import { ConfirmDelete } from './confirm-delete.tsx';

/** Dark shades, so the white words stay readable; the words carry the meaning. */
const STATE_COLORS: Record<ExportState, string> = {
  queued: 'gray.8',
  preparing: 'blue.9',
  ready: 'teal.9',
  failed: 'red.9',
};

/** What each export is for, and how to check and resume a download. */
function Explanation() {
  return (
    <Stack gap="sm">
      <Text>
        You can download a copy of your data, to keep or to take elsewhere. Choose what to export;
        we prepare the files in the background, which can take a few minutes, and list them below
        when they are ready.
      </Text>
      <List spacing="xs">
        <List.Item>
          <strong>{EXPORT_KIND_LABELS['fhir-bundle']}:</strong> all your reports and your health
          survey in one file in the HL7 FHIR format. It is for your doctor or clinic: most health
          record systems can read it.
        </List.Item>
        <List.Item>
          <strong>{EXPORT_KIND_LABELS['reports-archive']}:</strong> every report as a PDF and as
          data (JSON), with its earlier versions, and your documents, in one file to keep.
        </List.Item>
        <List.Item>
          <strong>Genotypes, as a 23andMe file or as a VCF:</strong> the genotypes of one file you
          imported, written out again. Use it to take your data to another service.
        </List.Item>
      </List>
      <Text>
        Each file shows its SHA-256, a fingerprint of its contents: when your download has the same
        fingerprint, it arrived exactly as we prepared it. To see the fingerprint, run{' '}
        <code className={classes.hash}>shasum -a 256 FILE</code> in Terminal on a Mac,{' '}
        <code className={classes.hash}>Get-FileHash FILE</code> in PowerShell on Windows, or{' '}
        <code className={classes.hash}>sha256sum FILE</code> on Linux.
      </Text>
      <Text>{EXPORT_LINK_INTRO}</Text>
    </Stack>
  );
}

/** The "Imported file" choice of the genotype kinds, or why there is none. */
function ImportChoice({
  kind,
  importId,
  onChange,
}: {
  kind: ExportKind;
  importId: string | null;
  onChange: (importId: string) => void;
}) {
  const imports = useImports();
  if (imports.isPending || imports.isError) return pendingOrFailed(imports, 'your imports');
  const choices = exportableImports(imports.data.imports, kind);
  if (choices.length === 0) {
    const someDone = exportableImports(imports.data.imports, 'genotypes-23andme').length > 0;
    return (
      <Text>
        {kind === 'genotypes-vcf' && someDone ? EXPORT_VCF_NEEDS_VCF : EXPORT_NO_IMPORTS}{' '}
        <AnchorLink to="/my-data/new-import">Import a file</AnchorLink>
      </Text>
    );
  }
  return (
    <NativeSelect
      label="Imported file"
      description="The file whose genotypes are exported."
      value={importId ?? ''}
      data={choices.map((item) => ({ value: item.id, label: importChoiceLabel(item) }))}
      onChange={(event) => {
        onChange(event.currentTarget.value);
      }}
      required
      maw={520}
    />
  );
}

/** The form that asks for a new export; the server's refusal is shown beside it. */
function PrepareExportForm() {
  const headingId = useId();
  const create = useCreateExport();
  const imports = useImports();
  const [kindValue, setKindValue] = useState<string>('fhir-bundle');
  const [chosenImport, setChosenImport] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const kind = exportKindOf(kindValue);
  const genotypes = isGenotypeExport(kind);
  const choices = imports.data === undefined ? [] : exportableImports(imports.data.imports, kind);
  // The newest finished import, until the person picks another (or theirs is deleted).
  const importId = choices.find((item) => item.id === chosenImport)?.id ?? choices[0]?.id ?? null;
  const cannotChoose = genotypes && importId === null;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = exportRequestProblem(kind, genotypes ? importId : null);
    setProblem(found);
    if (found !== null) return;
    create.mutate(genotypes && importId !== null ? { kind, importId } : { kind });
  }

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          Prepare an export
        </Title>
        <form onSubmit={submit} noValidate>
          <Stack gap="md" align="flex-start">
            <Radio.Group
              label="What to export"
              value={kind}
              onChange={(value) => {
                setKindValue(value);
                setProblem(null);
                create.reset();
              }}
            >
              <Stack gap="sm" mt="xs">
                {EXPORT_KINDS.map((choice) => (
                  <Radio
                    key={choice}
                    value={choice}
                    label={EXPORT_KIND_LABELS[choice]}
                    description={EXPORT_KIND_PURPOSES[choice]}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {genotypes && (
              <ImportChoice
                kind={kind}
                importId={importId}
                onChange={(id) => {
                  setChosenImport(id);
                  setProblem(null);
                  create.reset();
                }}
              />
            )}
            <Button type="submit" loading={create.isPending} disabled={cannotChoose}>
              Prepare export
            </Button>
          </Stack>
        </form>
        {problem !== null && (
          <Alert color="red" title="The export was not prepared" role="alert">
            {problem}
          </Alert>
        )}
        {create.isError && (
          <Alert color="red" title="The export was not prepared" role="alert">
            {create.error.message}
          </Alert>
        )}
        {create.isSuccess && (
          <Alert color="green" title="Export requested" role="status">
            {exportTitle(create.data)} is being prepared. It appears in the list below; you can
            download it there once it is ready.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** What the index beside a VCF is for, for someone who has never met one. */
export const TABIX_INDEX_TEXT =
  'The index of the VCF above (tabix). Keep it beside the VCF so that genomics tools such as bcftools and IGV can read one region without reading the whole file. You do not need it to open the VCF.';

/** One prepared file: its name, size, SHA-256 and a Download button. */
function ExportFileRow({
  item,
  file,
  viewingAs,
}: {
  item: DataExport;
  file: ExportFile;
  viewingAs: boolean;
}) {
  const download = useDownloadExportFile();
  return (
    <div className={classes.exportFile}>
      <Stack gap="xs">
        <Title order={4} size="h5" className={classes.fileName}>
          {file.name}
        </Title>
        {file.name.endsWith('.tbi') && <Text size="sm">{TABIX_INDEX_TEXT}</Text>}
        <dl className={factList.facts}>
          <dt>Size</dt>
          <dd>{bytesText(file.size)}</dd>
          <dt>SHA-256</dt>
          <dd>
            <code className={classes.hash}>{file.sha256}</code>
          </dd>
        </dl>
        {!viewingAs && (
          <Group>
            <Button
              aria-label={`Download ${file.name}`}
              loading={download.isPending}
              onClick={() => {
                download.mutate({ exportId: item.id, fileName: file.name });
              }}
            >
              Download
            </Button>
          </Group>
        )}
        {download.isError && (
          <Text c="red.9" role="alert">
            {linkFailureText(download.error.message)}
          </Text>
        )}
      </Stack>
    </div>
  );
}

/** Delete, after a question in a dialog. */
function DeleteExport({ item, onDeleted }: { item: DataExport; onDeleted: () => void }) {
  const what =
    item.state === 'ready'
      ? 'The prepared files are deleted from the portal, and their download links stop working.'
      : 'The export is stopped and anything prepared so far is deleted.';
  return (
    <ConfirmDelete
      id={item.id}
      name={exportTitle(item)}
      explanation={`${what} Your data itself stays; you can prepare the export again at any time.`}
      remove={useDeleteExport()}
      onDeleted={onDeleted}
    />
  );
}

function ExportCard({
  item,
  viewingAs,
  onDeleted,
}: {
  item: DataExport;
  viewingAs: boolean;
  onDeleted: (title: string) => void;
}) {
  const headingId = useId();
  const title = exportTitle(item);
  return (
    // Named with its date too: two exports of one kind would otherwise be two regions alike.
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-label={`${title}, requested ${importDateTime(item.createdAt)}`}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={3} size="h4" id={headingId} className={classes.fileName}>
            {title}
          </Title>
          <Badge color={STATE_COLORS[item.state]} variant="filled">
            {EXPORT_STATE_LABELS[item.state]}
          </Badge>
        </Group>
        <dl className={factList.facts}>
          <dt>Requested</dt>
          <dd>{importDateTime(item.createdAt)}</dd>
          {item.finishedAt !== null && (
            <>
              <dt>Finished</dt>
              <dd>{importDateTime(item.finishedAt)}</dd>
            </>
          )}
        </dl>
        {item.state === 'queued' && <Text>Waiting for its turn to be prepared.</Text>}
        {item.state === 'preparing' && (
          <Stack gap={4}>
            <Progress.Root size="lg">
              <Progress.Section
                value={percentOf(item.progressDone, item.progressTotal)}
                aria-label={`Preparing ${title}`}
              />
            </Progress.Root>
            {item.progressTotal !== null && (
              <Text size="sm">
                {String(percentOf(item.progressDone, item.progressTotal))}% prepared
              </Text>
            )}
          </Stack>
        )}
        {item.state === 'failed' && (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text c="red.9" component="span" lh={1}>
              <IconCircleX aria-hidden="true" size={20} />
            </Text>
            <Text c="red.9">
              <strong>Not prepared: </strong>
              {item.error ?? EXPORT_FAILED_FALLBACK}
            </Text>
          </Group>
        )}
        {item.state === 'ready' &&
          (item.files.length === 0 ? (
            <Text>This export has no files.</Text>
          ) : (
            <ul className={classes.list} aria-label={`Files of ${title}`}>
              {item.files.map((file) => (
                <li key={file.name}>
                  <ExportFileRow item={item} file={file} viewingAs={viewingAs} />
                </li>
              ))}
            </ul>
          ))}
        {!viewingAs && (
          <DeleteExport
            item={item}
            onDeleted={() => {
              onDeleted(title);
            }}
          />
        )}
      </Stack>
    </Card>
  );
}

/** The person's exports, newest first, or a word that there are none. */
function ExportList({ viewingAs }: { viewingAs: boolean }) {
  const headingId = useId();
  const exports = useExports();
  const [deleted, setDeleted] = useState<string | null>(null);
  const body =
    exports.isPending || exports.isError ? (
      pendingOrFailed(exports, 'your exports')
    ) : exports.data.exports.length === 0 ? (
      <Text>You have not prepared any exports yet.</Text>
    ) : (
      <ul className={classes.list} aria-labelledby={headingId}>
        {exports.data.exports.map((item) => (
          <li key={item.id}>
            <ExportCard item={item} viewingAs={viewingAs} onDeleted={setDeleted} />
          </li>
        ))}
      </ul>
    );
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        Your exports
      </Title>
      {deleted !== null && (
        <Alert color="green" title="Deleted" role="status">
          {deleted} is deleted.
        </Alert>
      )}
      {body}
    </Stack>
  );
}

/**
 * /my-data/exports: what can be exported and how to check a download, a form to ask for an
 * export, and the person's exports with their files to download. Read again every 2 seconds
 * while one is being prepared. An admin viewing as the person sees the list only: exports are
 * prepared and downloaded by the person alone.
 */
export function ExportsPage() {
  const viewingAs = useViewAs() !== undefined;
  return (
    <Stack gap="lg" align="stretch">
      <Explanation />
      {viewingAs ? (
        <Alert color="blue" title="Only the person can export" role="note">
          You are viewing as the patient: only they can prepare and download exports of their data.
        </Alert>
      ) : (
        <PrepareExportForm />
      )}
      <ExportList viewingAs={viewingAs} />
    </Stack>
  );
}
