import { Stack, Title } from '@mantine/core';
import { ReportLoadError, ReportLoading } from '../reports/report-status.tsx';

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
