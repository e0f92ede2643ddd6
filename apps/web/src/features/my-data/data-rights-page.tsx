import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  type HeldDataKind,
  type MyDataOverview,
} from '@nestling/shared/contract/data-rights';
import { Fragment, useId, useState, type SubmitEvent } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { DownloadArchiveButton } from '../reports/download-archive-button.tsx';
import { useViewAs } from '../reports/use-view-as.ts';
import { longDateOf } from '../../ui/long-date.ts';
import { bytesText } from './import-text.ts';
import factList from '../../ui/fact-list.module.css';
import classes from './my-data.module.css';
import { useDataRightsActions, useMyDataOverview } from './use-data-rights.ts';

/** Each kind as the person knows it, and where they see it. */
const KINDS: Record<
  HeldDataKind,
  {
    label: string;
    to: '/reports' | '/health-survey' | '/my-data/imports' | '/my-data/exports' | '/clinics';
    tab?: 'documents';
    unit: [string, string];
  }
> = {
  reports: { label: 'Reports', to: '/reports', unit: ['report', 'reports'] },
  documents: {
    label: 'Documents',
    to: '/reports',
    tab: 'documents',
    unit: ['document', 'documents'],
  },
  surveys: { label: 'Health surveys', to: '/health-survey', unit: ['survey', 'surveys'] },
  imports: { label: 'Imported genetic data', to: '/my-data/imports', unit: ['file', 'files'] },
  exports: {
    label: 'Exports ready to download',
    to: '/my-data/exports',
    unit: ['export', 'exports'],
  },
  'clinic-sharing': {
    label: 'Links to your reports sent to your clinic',
    to: '/clinics',
    unit: ['link', 'links'],
  },
};

function HeldData({ held }: { held: MyDataOverview['held'] }) {
  return (
    <dl className={`${factList.facts} ${classes.heldFacts}`}>
      {held.map((entry) => {
        const kind = KINDS[entry.kind];
        const [one, many] = kind.unit;
        return (
          <Fragment key={entry.kind}>
            <dt>
              {kind.tab === undefined ? (
                <AnchorLink to={kind.to}>{kind.label}</AnchorLink>
              ) : (
                <AnchorLink to="/reports" search={{ tab: kind.tab }}>
                  {kind.label}
                </AnchorLink>
              )}
            </dt>
            <dd>
              {entry.count === 1 ? `1 ${one}` : `${entry.count.toLocaleString('en-US')} ${many}`}
              {entry.bytes !== null && entry.count > 0 && `, ${bytesText(entry.bytes)}`}
            </dd>
          </Fragment>
        );
      })}
    </dl>
  );
}

function ResearchConsent({ since, readOnly }: { since: string | null; readOnly: boolean }) {
  const { researchConsent } = useDataRightsActions();
  const descriptionId = useId();
  return (
    <Stack gap="xs">
      <Text id={descriptionId} size="sm">
        The lab may use your genetic data and survey answers, without your name, in research that
        improves screening, only if you agree. You can change your mind at any time; research
        already done with your data cannot be undone.
      </Text>
      <Checkbox
        label="Let the lab use my data, without my name, for research"
        aria-describedby={descriptionId}
        checked={since !== null}
        disabled={readOnly || researchConsent.isPending}
        onChange={(event) => {
          researchConsent.mutate(event.currentTarget.checked);
        }}
      />
      <Text size="sm" role="status">
        {since === null ? 'You have not agreed.' : `You agreed on ${longDateOf(since)}.`}
      </Text>
      {researchConsent.isError && (
        <Alert color="red" role="alert">
          {researchConsent.error.message}
        </Alert>
      )}
    </Stack>
  );
}

function DeleteAccount({
  deletion,
  readOnly,
}: {
  deletion: MyDataOverview['deletion'];
  readOnly: boolean;
}) {
  const { requestDeletion, cancelDeletion } = useDataRightsActions();
  const [confirming, setConfirming] = useState(false);
  const [email, setEmail] = useState('');

  if (deletion !== null) {
    return (
      <Stack gap="xs">
        <Alert color="red" title="Your account is set to be deleted" role="status">
          Your account and everything in it will be deleted on {longDateOf(deletion.dueAt)}. Until
          then you can keep it.
        </Alert>
        {cancelDeletion.isError && (
          <Alert color="red" role="alert">
            {cancelDeletion.error.message}
          </Alert>
        )}
        {!readOnly && (
          <Group>
            <Button
              loading={cancelDeletion.isPending}
              onClick={() => {
                cancelDeletion.mutate();
              }}
            >
              Keep my account
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    requestDeletion.mutate(email, {
      onSuccess: () => {
        setConfirming(false);
        setEmail('');
      },
    });
  };
  const fieldError = requestDeletion.isError
    ? requestDeletion.error.message.replace(/^Invalid request: body\.confirmEmail: /, '')
    : undefined;

  return (
    <Stack gap="xs">
      <Text size="sm">
        Deleting your account removes your profile, your individual reports, documents, surveys,
        imports, exports and the links sent to your clinic, from our database and our file storage.
        It happens {String(ACCOUNT_DELETION_GRACE_DAYS)} days after you ask, so that you can change
        your mind.
      </Text>
      <Text size="sm">
        A couple’s joint and embryo reports belong to both partners, as our terms say: they stay for
        your partner, without your email address. The record of who opened your data stays, with
        your name replaced, as the law requires of us.
      </Text>
      {!readOnly && (
        <Group>
          <Button
            variant="outline"
            color="red.9"
            onClick={() => {
              requestDeletion.reset();
              setConfirming(true);
            }}
          >
            Delete my account
          </Button>
        </Group>
      )}
      <Dialog
        opened={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        title="Delete your account?"
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Your account and its data will be deleted in {String(ACCOUNT_DELETION_GRACE_DAYS)}{' '}
              days. Until then you can keep it from this page. Download anything you want to keep
              first.
            </Text>
            <TextInput
              label="Your email address"
              description="Type it to confirm that you mean it."
              type="email"
              autoComplete="off"
              value={email}
              error={fieldError}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
              }}
            />
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setConfirming(false);
                }}
              >
                Cancel
              </Button>
              <Button type="submit" color="red.9" loading={requestDeletion.isPending}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </Stack>
  );
}

/**
 * /my-data: what the portal holds about the person, and their data rights: download
 * everything, research consent, and deleting the account (ADR 027). Staff viewing as the
 * person see it read-only.
 */
export function DataRightsPage() {
  const overview = useMyDataOverview();
  const readOnly = useViewAs() !== undefined;
  const heldId = useId();
  const downloadId = useId();
  const researchId = useId();
  const deleteId = useId();
  if (overview.isPending) return <Loader size="sm" role="status" aria-label="Loading" />;
  if (overview.isError) {
    return (
      <Alert color="red" role="alert">
        {overview.error.message}
      </Alert>
    );
  }
  const data = overview.data;
  return (
    <Stack gap="xl">
      <Stack component="section" aria-labelledby={heldId} gap="sm">
        <Title order={2} id={heldId}>
          What we hold about you
        </Title>
        <HeldData held={data.held} />
      </Stack>
      <Stack component="section" aria-labelledby={downloadId} gap="sm">
        <Title order={2} id={downloadId}>
          Download everything
        </Title>
        <DownloadArchiveButton />
        <Text size="sm">
          For your doctor’s systems, or your genetic data back as a file:{' '}
          <AnchorLink to="/my-data/exports">exports</AnchorLink>.
        </Text>
      </Stack>
      <Stack component="section" aria-labelledby={researchId} gap="sm">
        <Title order={2} id={researchId}>
          Research
        </Title>
        <ResearchConsent since={data.researchConsentSince} readOnly={readOnly} />
      </Stack>
      <Stack component="section" aria-labelledby={deleteId} gap="sm">
        <Title order={2} id={deleteId}>
          Delete your account
        </Title>
        <DeleteAccount deletion={data.deletion} readOnly={readOnly} />
      </Stack>
    </Stack>
  );
}
