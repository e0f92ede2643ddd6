import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import {
  CLINIC_RECEIVES_NO_REPORTS,
  CLINIC_SHARE_DAYS,
  type Clinic,
  type ClinicSharing,
} from '@nestling/shared/contract/clinics';
import { useId, useState } from 'react';
import { Dialog } from '../../ui/dialog.tsx';
import { usDateOf } from '../../ui/us-date.ts';
import { useMyClinicActions } from './use-clinics.ts';

const reportsText = (count: number) =>
  count === 1 ? '1 report' : `${count.toLocaleString('en-US')} reports`;

/** What sharing means, said before the person agrees and while they share. */
function WhatIsShared({ clinicName }: { clinicName: string }) {
  return (
    <List size="sm" spacing={4}>
      <List.Item>
        {clinicName} gets an email with a private link, without your name or any result. The link
        opens the latest version of your reports as PDFs for {String(CLINIC_SHARE_DAYS)} days.
      </List.Item>
      <List.Item>
        A joint or embryo report is also your partner’s: the clinic sees it only while your partner
        shares with the same clinic too.
      </List.Item>
      <List.Item>
        Sensitive results stay out until you, and your partner for a shared report, have chosen to
        see them.
      </List.Item>
      <List.Item>
        You can stop at any time: the link stops working at once. Copies the clinic already
        downloaded stay in its records.
      </List.Item>
    </List>
  );
}

/**
 * Sharing reports with the person's clinic (ADR 026): the consent, asked for in a dialog that
 * says what is shared; then the state, a new link and a way to stop. Read-only for an admin
 * viewing as the patient.
 */
export function ClinicSharingPanel({
  clinic,
  sharing,
  readOnly,
}: {
  clinic: Clinic;
  sharing: ClinicSharing | null;
  readOnly: boolean;
}) {
  const { share } = useMyClinicActions();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const heading = (
    <Title order={3} size="h4" id={headingId}>
      Sharing your reports with {clinic.name}
    </Title>
  );
  if (!clinic.active) return null;
  if (!clinic.receivesReports) {
    return (
      <Stack component="section" aria-labelledby={headingId} gap="xs">
        {heading}
        <Text size="sm">{CLINIC_RECEIVES_NO_REPORTS}</Text>
      </Stack>
    );
  }
  const failure = share.isError && (
    <Alert color="red" role="alert">
      {share.error.message}
    </Alert>
  );
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      {heading}
      {sharing === null ? (
        <>
          <Text size="sm">
            You do not share your reports with {clinic.name}. Sharing saves you sending them
            yourself before your appointments.
          </Text>
          {!confirming && failure}
          {!readOnly && (
            <Group>
              <Button
                variant="outline"
                aria-label={`Share my reports with ${clinic.name}`}
                onClick={() => {
                  share.reset();
                  setConfirming(true);
                }}
              >
                Share my reports
              </Button>
            </Group>
          )}
        </>
      ) : (
        <>
          <Text size="sm" role="status">
            You share your reports with {clinic.name} since {usDateOf(sharing.since)}. The clinic
            can open {reportsText(sharing.reports)} until {usDateOf(sharing.linkExpiresAt)}.
            {sharing.awaitingPartner > 0 &&
              ` ${reportsText(sharing.awaitingPartner)} shared with your partner ${
                sharing.awaitingPartner === 1 ? 'waits' : 'wait'
              } until your partner shares with ${clinic.name} too.`}
          </Text>
          <WhatIsShared clinicName={clinic.name} />
          {failure}
          {!readOnly && (
            <Group>
              <Button
                variant="outline"
                loading={share.isPending && share.variables}
                onClick={() => {
                  share.mutate(true);
                }}
              >
                Send the clinic a new link
              </Button>
              <Button
                variant="outline"
                color="red.9"
                loading={share.isPending && !share.variables}
                onClick={() => {
                  share.mutate(false);
                }}
              >
                Stop sharing
              </Button>
            </Group>
          )}
        </>
      )}
      <Dialog
        opened={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        title={`Share your reports with ${clinic.name}?`}
      >
        <Stack gap="md">
          <WhatIsShared clinicName={clinic.name} />
          {failure}
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
              loading={share.isPending}
              onClick={() => {
                share.mutate(true, {
                  onSuccess: () => {
                    setConfirming(false);
                  },
                });
              }}
            >
              Share my reports
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
}
