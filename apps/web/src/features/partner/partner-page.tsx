import '@mantine/core/styles/Switch.css';
import { Alert, Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { PartnerAccount } from '@nestling/shared/contract/partner';
import { usDateFromDate } from '@nestling/shared/report-wording';
import { useState } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';
import { SharedReports } from './shared-reports.tsx';
import { usePartner, usePartnerActions } from './use-partner.ts';

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';
const dateOf = (iso: string) => usDateFromDate(new Date(iso));

/** The form to invite a partner (or another address instead). */
function InviteForm({ accountId, readOnly }: { accountId: string; readOnly: boolean }) {
  const { invite } = usePartnerActions();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    invite.mutate({ accountId, firstName, lastName, email });
  };
  return (
    <form onSubmit={submit} aria-label="Invite your partner">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            label="Partner's first name"
            required
            value={firstName}
            onChange={(event) => {
              setFirstName(event.currentTarget.value);
            }}
            disabled={readOnly}
          />
          <TextInput
            label="Partner's last name"
            required
            value={lastName}
            onChange={(event) => {
              setLastName(event.currentTarget.value);
            }}
            disabled={readOnly}
          />
        </Group>
        <TextInput
          label="Partner's email"
          type="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
          }}
          disabled={readOnly}
        />
        {invite.isError && (
          <Alert color="red" role="alert">
            {errorText(invite.error)}
          </Alert>
        )}
        {invite.isSuccess && <Text role="status">Invitation sent to {email.trim()}.</Text>}
        <Group>
          <Button type="submit" loading={invite.isPending} disabled={readOnly}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PartnerState({ account, readOnly }: { account: PartnerAccount; readOnly: boolean }) {
  const { resend, cancel } = usePartnerActions();
  const { partner } = account;
  if (partner.state === 'joined') {
    const name = [partner.firstName, partner.lastName].filter(Boolean).join(' ');
    return (
      <Text>
        Your partner {name === '' ? partner.email : `${name} (${partner.email})`} has joined your
        account.
      </Text>
    );
  }
  if (partner.state === 'invited') {
    const error = resend.error ?? cancel.error;
    return (
      <Stack gap="sm">
        <Text>
          Invitation sent to <strong>{partner.email}</strong> on {dateOf(partner.sentAt)}.{' '}
          {partner.expired
            ? 'The link has expired: send it again.'
            : `The link works until ${dateOf(partner.expiresAt)}.`}
        </Text>
        {error !== null && (
          <Alert color="red" role="alert">
            {errorText(error)}
          </Alert>
        )}
        {resend.isSuccess && <Text role="status">Invitation sent again.</Text>}
        <Group>
          <Button
            onClick={() => {
              resend.mutate(account.id);
            }}
            loading={resend.isPending}
            disabled={readOnly}
          >
            Resend invitation
          </Button>
          <Button
            variant="default"
            onClick={() => {
              cancel.mutate(account.id);
            }}
            loading={cancel.isPending}
            disabled={readOnly}
          >
            Cancel invitation
          </Button>
        </Group>
        <Text size="sm">To invite a different address instead, fill in the form below.</Text>
        <InviteForm accountId={account.id} readOnly={readOnly} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text>You have not invited your partner yet.</Text>
      <InviteForm accountId={account.id} readOnly={readOnly} />
    </Stack>
  );
}

/** The person's own consent: saved at once, changeable at any time. */
function SharingSwitch({ account, readOnly }: { account: PartnerAccount; readOnly: boolean }) {
  const { share } = usePartnerActions();
  const { partner } = account;
  const partnerName =
    partner.state === 'joined' ? (partner.firstName ?? partner.email) : 'your partner';
  return (
    <Stack gap="xs">
      <Switch
        label={`Let ${partnerName} see my individual results`}
        checked={share.isPending ? share.variables.sharesIndividual : account.sharesIndividual}
        onChange={(event) => {
          share.mutate({ accountId: account.id, sharesIndividual: event.currentTarget.checked });
        }}
        disabled={readOnly || share.isPending}
      />
      <Text size="sm">
        Your joint report is always shared by both of you. When this is on, {partnerName} can also
        open your individual report (your own carrier results and traits). You can turn it off at
        any time; they lose access at once.
      </Text>
      {share.isError && (
        <Alert color="red" role="alert">
          {errorText(share.error)}
        </Alert>
      )}
    </Stack>
  );
}

/** /partner: invite the partner, see who is linked, choose what to share. */
export function PartnerPage() {
  const partner = usePartner();
  // Lab staff viewing as a patient read, but do not act for them.
  const readOnly = useViewAs() !== undefined;
  return (
    <>
      <PageHeading
        title="Your partner"
        lead="Invite your partner or see who is linked to your account."
      />
      {partner.isPending && <Text>Loading…</Text>}
      {partner.isError && (
        <Alert color="red" role="alert">
          {errorText(partner.error)}
        </Alert>
      )}
      {partner.data?.accounts.length === 0 && (
        <Text>
          A partner joins a couple&apos;s test. You have none yet:{' '}
          <AnchorLink to="/purchase">buy a couple&apos;s test</AnchorLink>.
        </Text>
      )}
      <Stack gap="lg">
        {partner.data?.accounts.map((account) => (
          <Paper
            key={account.id}
            component="section"
            aria-label={`Couple account (${account.testType})`}
            withBorder
            p="md"
          >
            <Stack gap="md">
              <Title order={2} size="h3">
                Your partner
              </Title>
              <PartnerState account={account} readOnly={readOnly} />
              {account.partner.state === 'joined' && (
                <>
                  <Title order={2} size="h3">
                    Sharing your individual results
                  </Title>
                  <SharingSwitch account={account} readOnly={readOnly} />
                  <Text size="sm">
                    {account.partnerSharesIndividual
                      ? 'Your partner shares their individual results with you.'
                      : 'Your partner does not share their individual results with you.'}
                  </Text>
                </>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
      <SharedReports />
      <Text mt="lg" size="sm">
        <AnchorLink to="/support-partner">
          What your partner does, and what each of you sees
        </AnchorLink>
      </Text>
    </>
  );
}
