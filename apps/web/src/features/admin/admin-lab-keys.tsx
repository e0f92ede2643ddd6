import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { labKeyCreateBodySchema, type LabKey } from '@nestling/shared/contract/lab';
import { useState } from 'react';
import { Dialog } from '../../ui/dialog.tsx';
import { AdminFormActions } from './admin-form-actions.tsx';
import { fieldErrors } from './admin-forms.ts';
import { adminErrorText, formatAuditTime } from './format.ts';
import { useAdminForm, type CheckedValues } from './use-admin-form.ts';
import { useLabKeyActions, useLabKeys } from './use-lab-keys.ts';

/** The new key, shown once with a way to copy it: the server keeps only its hash. */
function NewKey({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  return (
    <Alert color="yellow" title={`The key for ${name}`} role="status">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Copy it now and give it to the lab&apos;s pipeline as <Code>Authorization: Bearer</Code>.
          It is not shown again: only its first characters are kept, to tell keys apart.
        </Text>
        <Code block style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <Group>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button onClick={copy} variant={copied ? 'light' : 'filled'}>
                {copied ? 'Copied' : 'Copy the key'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The key's name as it is sent: trimmed, once the contract takes it. */
function checkKeyName({ name }: { name: string }): CheckedValues<string> {
  const { name: error } = fieldErrors(labKeyCreateBodySchema, { name });
  return error === undefined ? { body: name.trim(), errors: {} } : { errors: { name: error } };
}

function CreateKeyForm({ onCreated }: { onCreated: (name: string, secret: string) => void }) {
  const { create } = useLabKeyActions();
  const form = useAdminForm({ initialValues: { name: '' }, action: create, check: checkKeyName });
  const submit = form.onSubmit((name) => {
    create.mutate(name, {
      onSuccess: (created) => {
        form.setValues({ name: '' });
        onCreated(created.labKey.name, created.key);
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Make a lab API key">
      <Stack gap="sm" maw={440}>
        <Title order={2}>Make a key</Title>
        <TextInput
          label="What it is for"
          description="For example the pipeline or the machine that sends reports."
          required
          {...form.field('name')}
        />
        <AdminFormActions form={form} submitLabel="Make the key" />
      </Stack>
    </form>
  );
}

function RevokeButton({ labKey }: { labKey: LabKey }) {
  const { revoke } = useLabKeyActions();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        aria-label={`Revoke ${labKey.name}`}
        onClick={() => {
          revoke.reset();
          setConfirming(true);
        }}
      >
        Revoke
      </Button>
      <Dialog
        opened={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        title={`Revoke ${labKey.name}?`}
      >
        <Stack gap="md">
          <Text size="sm">
            The key stops working at once: reports sent with it are refused. This cannot be undone;
            make a new key for the pipeline instead.
          </Text>
          {revoke.isError && (
            <Alert color="red" role="alert">
              {adminErrorText(revoke.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setConfirming(false);
              }}
            >
              Cancel
            </Button>
            <Button
              color="red.9"
              loading={revoke.isPending}
              onClick={() => {
                revoke.mutate(labKey.id, {
                  onSuccess: () => {
                    setConfirming(false);
                  },
                });
              }}
            >
              Revoke the key
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}

/**
 * /admin?tab=lab-keys: the keys a lab's pipeline delivers reports with (POST /api/lab/reports).
 * Made here, shown once, listed by name and first characters with when each was last used, and
 * revoked at once (before, they could be made only through the API).
 */
export function AdminLabKeys() {
  const keys = useLabKeys();
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  return (
    <Stack gap="lg">
      <Text>
        A lab API key lets the lab&apos;s pipeline deliver reports to the portal. Give each pipeline
        its own key, and revoke one that is no longer used or may have leaked.
      </Text>
      {made === null ? (
        <CreateKeyForm
          onCreated={(name, secret) => {
            setMade({ name, secret });
          }}
        />
      ) : (
        <NewKey
          name={made.name}
          secret={made.secret}
          onDone={() => {
            setMade(null);
          }}
        />
      )}
      <Stack gap="sm">
        <Title order={2} id="lab-keys-heading">
          Keys
        </Title>
        {keys.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading the keys" />
        ) : keys.isError ? (
          <Alert color="red" role="alert">
            {adminErrorText(keys.error)}
          </Alert>
        ) : keys.data.keys.length === 0 ? (
          <Text>No key yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-labelledby="lab-keys-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Starts with</Table.Th>
                  <Table.Th scope="col">Made</Table.Th>
                  <Table.Th scope="col">Last used</Table.Th>
                  <Table.Th scope="col">State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.data.keys.map((labKey) => (
                  <Table.Tr key={labKey.id}>
                    <Table.Td>{labKey.name}</Table.Td>
                    <Table.Td>
                      <Code>{labKey.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>
                      {formatAuditTime(labKey.createdAt)}
                      {labKey.createdByEmail === null ? '' : ` by ${labKey.createdByEmail}`}
                    </Table.Td>
                    <Table.Td>
                      {labKey.lastUsedAt === null ? 'Never' : formatAuditTime(labKey.lastUsedAt)}
                    </Table.Td>
                    <Table.Td>
                      {labKey.revokedAt === null ? (
                        <RevokeButton labKey={labKey} />
                      ) : (
                        `Revoked ${formatAuditTime(labKey.revokedAt)}`
                      )}
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
