import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api.ts';

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

/**
 * A report page while it loads, or when it could not: its heading first, so the page is never
 * untitled. One component for both states keeps the heading in place when loading fails.
 */
export function PageStatus({
  title,
  what,
  failure,
}: {
  title: string;
  /** What is loading, as in 'Loading your embryo report…'. */
  what: string;
  /** Set once loading failed. */
  failure?: { error: unknown; retry: () => void } | undefined;
}) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {failure === undefined ? (
        <ReportLoading what={what} />
      ) : (
        <ReportLoadError error={failure.error} onRetry={failure.retry} />
      )}
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
