import '@mantine/core/styles/Progress.css';
import {
  Alert,
  Button,
  Group,
  Input,
  List,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';
import {
  IMPORT_ACCEPT,
  IMPORT_NO_FILE,
  importFileProblem,
  percentOf,
  progressText,
} from './import-text.ts';
import classes from './my-data.module.css';
import { UploadFinished } from './upload-finished.tsx';
import { useUpload, type UploadState } from './use-upload.ts';

/** What can be imported, where to get it, and what happens to it. */
function Explanation() {
  return (
    <Stack gap="sm">
      <Text>
        You can import the raw data file from 23andMe or AncestryDNA (a .txt file, or the .zip file
        they send), or a VCF file (.vcf or .vcf.gz) from a sequencing company, up to 2 GB.
      </Text>
      <List spacing="xs">
        <List.Item>
          23andMe: in your account settings, find 23andMe Data and choose to download your raw data;
          they email you when the file is ready.
        </List.Item>
        <List.Item>
          AncestryDNA: on the DNA page, open Settings and choose Download DNA data; they email you a
          link to a .zip file.
        </List.Item>
        <List.Item>
          A sequencing company: download the VCF file of your results from its website.
        </List.Item>
      </List>
      <Text>
        We read the file once to store your genotypes. You can delete it, with what was read from
        it, at any time on the <AnchorLink to="/my-data/imports">imports page</AnchorLink>.
      </Text>
    </Stack>
  );
}

/** The upload under way: how far it got, Pause or Resume, and Cancel. */
function UploadPanel({
  state,
  onPause,
  onResume,
  onCancel,
}: {
  state: UploadState;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  const percent = percentOf(state.bytesSent, state.bytesTotal);
  const running = state.status === 'uploading';
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId} className={classes.fileName}>
          Uploading {state.fileName}
        </Title>
        {state.continuedFrom !== null && (
          <Text>
            Continuing your earlier upload of {state.fileName} from {String(state.continuedFrom)}%.
          </Text>
        )}
        <Progress.Root size="lg">
          <Progress.Section value={percent} aria-label="Upload progress" />
        </Progress.Root>
        <Text>
          {progressText(state.bytesSent, state.bytesTotal)}
          {state.status === 'paused' && ', paused'}
        </Text>
        {state.status === 'failed' && (
          <Alert color="red" title="The upload stopped" role="alert">
            {state.message}
          </Alert>
        )}
        <Group>
          {running && (
            <Button variant="default" onClick={onPause}>
              Pause
            </Button>
          )}
          {!running && <Button onClick={onResume}>Resume</Button>}
          <Button variant="outline" color="red.9" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          If you leave this page, the upload pauses. Choose the same file here again to continue it.
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * /my-data/new-import: choose a genome file, check it in the browser, and upload it with tus
 * (resumable). An admin viewing as the person sees the page but cannot upload for them.
 */
export function NewImportPage() {
  const viewingAs = useViewAs() !== undefined;
  return (
    <Stack gap="lg">
      <Explanation />
      {viewingAs ? (
        <Alert color="blue" title="Only the person can upload" role="note">
          You are viewing as the patient: only they can upload a file of their genetic data.
        </Alert>
      ) : (
        <UploadForm />
      )}
    </Stack>
  );
}

function UploadForm() {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { state, start, pause, resume, cancel, reset } = useUpload();
  const active =
    state.status === 'uploading' ||
    state.status === 'paused' ||
    (state.status === 'failed' && state.canResume);

  function choose(chosen: File | null) {
    setFile(chosen);
    reset();
    setProblem(chosen === null ? null : importFileProblem(chosen));
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = file === null ? IMPORT_NO_FILE : importFileProblem(file);
    setProblem(found);
    if (found !== null || file === null) {
      inputRef.current?.focus();
      return;
    }
    void start(file);
  }

  if (state.status === 'done') {
    return (
      <UploadFinished
        fileName={state.fileName}
        importId={state.importId}
        onAnother={() => {
          setFile(null);
          setProblem(null);
          reset();
        }}
      />
    );
  }

  const errorId = `${inputId}-error`;
  const descriptionId = `${inputId}-description`;
  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" align="flex-start">
          <Input.Wrapper
            id={inputId}
            label="Genetic data file"
            description="A .txt, .zip, .vcf or .vcf.gz file of up to 2 GB."
            descriptionProps={{ id: descriptionId }}
            error={problem}
            errorProps={{ id: errorId, role: 'alert' }}
          >
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={IMPORT_ACCEPT}
              className={classes.fileInput}
              disabled={active}
              aria-invalid={problem !== null}
              aria-describedby={problem === null ? descriptionId : `${descriptionId} ${errorId}`}
              onChange={(event) => {
                choose(event.currentTarget.files?.[0] ?? null);
              }}
            />
          </Input.Wrapper>
          <Button type="submit" disabled={active}>
            Upload and import
          </Button>
        </Stack>
      </form>
      {active && (
        <UploadPanel
          state={state}
          onPause={pause}
          onResume={resume}
          onCancel={() => {
            void cancel();
          }}
        />
      )}
      {state.status === 'failed' && !state.canResume && (
        <Alert color="red" title="The file was not uploaded" role="alert">
          {state.message}
        </Alert>
      )}
      {state.status === 'idle' && state.message !== null && (
        <Alert color="yellow" title="Upload canceled" role="status">
          {state.message}
        </Alert>
      )}
    </Stack>
  );
}
