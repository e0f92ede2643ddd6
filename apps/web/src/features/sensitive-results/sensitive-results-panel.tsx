import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SensitiveState } from '@nestling/shared/contract/sensitive-results';
import { useState } from 'react';
import { ButtonLink } from '../../ui/button-link.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';
import { useReleaseSensitiveResults } from './use-sensitive-results.ts';
import { Dialog } from '../../ui/dialog.tsx';

function resultsText(count: number): string {
  return count === 1 ? '1 result' : `${String(count)} results`;
}

/** Why the release failed, in the person's words; the server's message when it gave one. */
function failureText(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  return 'We could not record your choice. Please try again.';
}

/**
 * Where a report's sensitive results would be (ADR 022): that some are held back and why, a
 * link to book a genetic counselor, and the choice to see them after a short explanation. Once
 * chosen, a quiet line says so. An admin viewing as the patient sees the same panel but cannot
 * choose for them.
 */
export function SensitiveResultsPanel({
  reportId,
  state,
}: {
  reportId: string;
  state: SensitiveState;
}) {
  const asUser = useViewAs();
  const release = useReleaseSensitiveResults(reportId);
  const [confirming, setConfirming] = useState(false);
  const results = resultsText(state.count);

  if (state.released) {
    return (
      <Text size="sm" c="dimmed">
        This report includes {results} the lab recommends talking through with a genetic counselor;
        you chose to see them. Only you: your partner chooses for themselves.
      </Text>
    );
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="held-back-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="held-back-title">
          {state.count === 1 ? '1 result is held back' : `${results} are held back`}
        </Title>
        <Text>
          The lab recommends talking {state.count === 1 ? 'this result' : 'these results'} through
          with a genetic counselor before you see {state.count === 1 ? 'it' : 'them'}. Until you
          choose to see {state.count === 1 ? 'it' : 'them'},{' '}
          {state.count === 1 ? 'it is' : 'they are'} left out of this page, the PDF and your
          archive, so a section below that shows nothing may not be complete.
        </Text>
        <Group gap="sm">
          <ButtonLink to="/schedule-appointment" variant="filled">
            Book a counseling appointment
          </ButtonLink>
          {asUser === undefined ? (
            <Button
              variant="default"
              onClick={() => {
                release.reset();
                setConfirming(true);
              }}
            >
              Show these results
            </Button>
          ) : (
            <Text size="sm">Only the patient can choose to see these results.</Text>
          )}
        </Group>
      </Stack>
      <Dialog
        opened={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        title="Before you see these results"
      >
        <Stack gap="md">
          <Text>
            Some results are hard to take in alone: they may be about a condition that has no cure,
            that begins late in life, or that other people in your family may share. A genetic
            counselor can explain what they mean for you and answer your questions. You do not have
            to book one, and you can talk to a counselor after seeing the results too.
          </Text>
          <Text>
            If you continue, the {results} will be shown on this page and included in the PDF and
            your archive, for you only: your partner makes their own choice. This cannot be undone.
          </Text>
          {release.isError && (
            <Alert color="red" role="alert">
              {failureText(release.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setConfirming(false);
              }}
            >
              Not now
            </Button>
            <Button
              loading={release.isPending}
              onClick={() => {
                release.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                  },
                });
              }}
            >
              Show the results
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Paper>
  );
}
