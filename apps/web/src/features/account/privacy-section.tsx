import { Alert, Button, Checkbox, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  testRecordsKeptText,
  type PrivacyAnswer,
} from '@nestling/shared/contract/data-rights';
import { useId, useState, type SubmitEvent } from 'react';
import { Dialog } from '../../ui/dialog.tsx';
import { usDateOf } from '../../ui/us-date.ts';
import { DownloadArchiveButton } from '../reports/index.ts';
import { useViewAs } from '../../lib/use-view-as.ts';
import { usePrivacy, usePrivacyActions } from './use-privacy.ts';

function ResearchConsent({ since, readOnly }: { since: string | null; readOnly: boolean }) {
  const { researchConsent } = usePrivacyActions();
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
        {since === null ? 'You have not agreed.' : `You agreed on ${usDateOf(since)}.`}
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
  retentionYears,
  readOnly,
}: {
  deletion: PrivacyAnswer['deletion'];
  retentionYears: number;
  readOnly: boolean;
}) {
  const { requestDeletion, cancelDeletion } = usePrivacyActions();
  const [confirming, setConfirming] = useState(false);
  const [email, setEmail] = useState('');

  if (deletion !== null) {
    return (
      <Stack gap="xs">
        <Alert color="red" title="Your account is set to be deleted" role="status">
          Your account and everything in it will be deleted on {usDateOf(deletion.dueAt)}. Until
          then you can keep it. {testRecordsKeptText(retentionYears)}
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
        Deleting your account removes your profile, orders, appointments, documents, surveys,
        imports, exports and the links sent to your clinic, from our database and our file storage.
        It happens {String(ACCOUNT_DELETION_GRACE_DAYS)} days after you ask, so that you can change
        your mind.
      </Text>
      <Text size="sm">{testRecordsKeptText(retentionYears)}</Text>
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
            <Text size="sm">{testRecordsKeptText(retentionYears)}</Text>
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
 * Account settings' 'Your data and privacy': download everything, the research consent and
 * deleting the account. Data rights are everyone's: My Data, which staff turn on,
 * keeps imports and exports. Staff viewing as the person see it read-only; impersonating, the
 * choices are refused (the server agrees).
 */
export function PrivacySection({ readOnly }: { readOnly: boolean }) {
  const privacy = usePrivacy();
  const viewAs = useViewAs() !== undefined;
  const downloadId = useId();
  const researchId = useId();
  const deleteId = useId();
  if (privacy.isPending) return <Loader size="sm" role="status" aria-label="Loading" />;
  if (privacy.isError) {
    return (
      <Alert color="red" role="alert">
        {privacy.error.message}
      </Alert>
    );
  }
  const locked = readOnly || viewAs;
  return (
    <Stack gap="lg">
      <Stack gap="xs" component="section" aria-labelledby={downloadId}>
        <Text fw={700} id={downloadId}>
          Download everything
        </Text>
        <Text size="sm">
          One file with your reports, documents, orders, surveys and everything else we hold about
          you.
        </Text>
        <DownloadArchiveButton />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby={researchId}>
        <Text fw={700} id={researchId}>
          Research
        </Text>
        <ResearchConsent since={privacy.data.researchConsentSince} readOnly={locked} />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby={deleteId}>
        <Text fw={700} id={deleteId}>
          Delete your account
        </Text>
        <DeleteAccount
          deletion={privacy.data.deletion}
          retentionYears={privacy.data.testRecordRetentionYears}
          readOnly={locked}
        />
      </Stack>
    </Stack>
  );
}
