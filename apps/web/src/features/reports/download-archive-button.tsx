import { Alert, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { saveBlob } from './save-blob.ts';
import { useViewAs } from '../../lib/use-view-as.ts';

/** '2026-11-22': the archive's date in its file name, in the person's own day. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Spec section 7's ZIP download: every report (each version, and the latest as a PDF), every
 * document and the person's own data in one file. Building it takes a while, so it says so.
 */
export function DownloadArchiveButton() {
  const api = useApi();
  const asUser = useViewAs();
  const download = useMutation({
    mutationFn: () => api.downloadZip('/user/archive', undefined, { query: { asUser } }),
    onSuccess: (blob) => {
      saveBlob(blob, `my-reports-and-documents-${today()}.zip`);
    },
  });
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="default"
        leftSection={<IconFileZip size={18} aria-hidden />}
        loading={download.isPending}
        loaderProps={{ type: 'dots' }}
        onClick={() => {
          download.mutate();
        }}
      >
        Download everything (ZIP)
      </Button>
      <Text size="sm" c="dimmed">
        Every report with its earlier versions, your documents and your account details.
      </Text>
      <VisuallyHidden role="status">
        {download.isPending
          ? 'Preparing your archive. This can take a minute.'
          : download.isSuccess
            ? 'Your archive is saved.'
            : ''}
      </VisuallyHidden>
      {download.isError && (
        <Alert color="red" title="The archive could not be downloaded" role="alert">
          {download.error.message}. Please try again.
        </Alert>
      )}
    </Stack>
  );
}
