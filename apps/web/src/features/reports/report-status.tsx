import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api.ts';

/** While a report or a list of reports loads. */
export function ReportLoading({ what = 'your reports' }: { what?: string }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>Loading {what}…</Text>
    </Group>
  );
}

/** Why a report could not be shown, with a way to try again. Never the report's content. */
export function ReportLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message =
    error instanceof ApiError || error instanceof Error ? error.message : 'Something went wrong';
  return (
    <Alert color="red" title="This could not be loaded" role="alert">
      <Text mb="sm">{message}.</Text>
      <Button variant="light" color="red" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** A whole report page while it loads: its heading first, so the page is never untitled. */
export function ReportPending({ title, what }: { title: string; what: string }) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <ReportLoading what={what} />
    </Stack>
  );
}

/** A whole report page that could not load: its heading, then why, and a way to try again. */
export function ReportFailed({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <ReportLoadError error={error} onRetry={onRetry} />
    </Stack>
  );
}

/** What a list shows before its data: loading, or why it failed with a way to try again. */
export function pendingOrFailed(
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => Promise<unknown> },
  what?: string,
): ReactNode {
  if (query.isPending) return <ReportLoading what={what} />;
  if (query.isError) {
    return (
      <ReportLoadError
        error={query.error}
        onRetry={() => {
          void query.refetch();
        }}
      />
    );
  }
  return null;
}
