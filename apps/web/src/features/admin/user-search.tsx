import '@mantine/core/styles/Switch.css';
import {
  Alert,
  Button,
  Group,
  Loader,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { AdminUser } from '@nestling/shared/contract/admin';
import { useId, useState, type SubmitEvent } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import classes from './admin.module.css';
import { adminErrorText } from './format.ts';
import { useAdminUsers, useImpersonate, useSetDataPortal } from './use-admin.ts';

function displayName(user: AdminUser): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return name === '' ? user.email : name;
}

/** My Data for one person: on or off, saved at once (and audited by the server). */
function DataPortalSwitch({ user, name }: { user: AdminUser; name: string }) {
  const setDataPortal = useSetDataPortal();
  const pending = setDataPortal.isPending;
  const checked = pending ? setDataPortal.variables.enabled : user.enableDataPortal;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <Switch
          aria-label={`My Data for ${name}`}
          checked={checked}
          disabled={pending}
          onChange={(event) => {
            setDataPortal.mutate({ userId: user.id, enabled: event.currentTarget.checked });
          }}
        />
        <Text size="sm">{checked ? 'On' : 'Off'}</Text>
      </Group>
      {setDataPortal.isError && (
        <Text size="sm" c="red.9" role="alert">
          {adminErrorText(setDataPortal.error)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Finds users by name or email. Each row leads to the portal as that user sees it (view-as);
 * primary admins may also impersonate a patient. Staff turn My Data on or off per person here.
 */
export function UserSearch({ canImpersonate }: { canImpersonate: boolean }) {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const users = useAdminUsers(q);
  const impersonate = useImpersonate();
  const headingId = useId();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(draft.trim());
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        Users
      </Title>
      <form role="search" aria-label="Users" onSubmit={onSubmit}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Search by name or email"
            type="search"
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
            }}
            w={320}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      {impersonate.error !== null && (
        <Alert color="red" title="Impersonation did not start" role="alert">
          {adminErrorText(impersonate.error)}
        </Alert>
      )}
      {users.isPending && <Loader size="sm" role="status" aria-label="Loading users" />}
      {users.isError && (
        <Alert color="red" title="Users could not be loaded" role="alert">
          {adminErrorText(users.error)}
        </Alert>
      )}
      {users.data?.users.length === 0 && (
        <Text>{q === '' ? 'There are no users yet.' : `No users match “${q}”.`}</Text>
      )}
      {users.data !== undefined && users.data.users.length > 0 && (
        <div className={classes.scroll}>
          <Table striped aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">Verified</Table.Th>
                <Table.Th scope="col">Admin</Table.Th>
                <Table.Th scope="col">My Data</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.users.map((user) => {
                const name = displayName(user);
                return (
                  <Table.Tr key={user.id}>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{user.emailVerified ? 'Yes' : 'No'}</Table.Td>
                    <Table.Td>{user.isAdminUser ? 'Yes' : 'No'}</Table.Td>
                    <Table.Td>
                      <DataPortalSwitch user={user} name={name} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <AnchorLink
                          to="/"
                          search={{ as_user: user.id }}
                          aria-label={`View as ${name}`}
                        >
                          View as
                        </AnchorLink>
                        {canImpersonate && !user.isAdminUser && (
                          <Button
                            size="xs"
                            variant="outline"
                            aria-label={`Impersonate ${name}`}
                            loading={impersonate.isPending && impersonate.variables === user.id}
                            disabled={impersonate.isPending}
                            onClick={() => {
                              impersonate.mutate(user.id);
                            }}
                          >
                            Impersonate
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Stack>
  );
}
