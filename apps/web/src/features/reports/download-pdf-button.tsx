import { Alert, Button, Stack, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { reportPath, type ReportSource } from './use-report.ts';
import { useViewAs } from '../../lib/use-view-as.ts';
import { saveBlob } from './save-blob.ts';

/**
 * 'Download PDF': the report at the version on screen, rendered by the server (spec section 7:
 * GET with Accept: application/pdf). Rendering takes a moment, so the button says so.
 */
export function DownloadPdfButton({
  source,
  version,
  fileName,
}: {
  source: ReportSource;
  version: number;
  fileName: string;
}) {
  const api = useApi();
  const asUser = useViewAs();
  const download = useMutation({
    mutationFn: () => api.downloadPdf(reportPath(source), { version, asUser }),
    onSuccess: (blob) => {
      saveBlob(blob, fileName);
    },
  });
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden />}
        loading={download.isPending}
        loaderProps={{ type: 'dots' }}
        onClick={() => {
          download.mutate();
        }}
      >
        Download PDF
      </Button>
      <VisuallyHidden role="status">
        {download.isPending ? 'Preparing the PDF…' : download.isSuccess ? 'The PDF is saved.' : ''}
      </VisuallyHidden>
      {download.isError && (
        <Alert color="red" title="The PDF could not be downloaded" role="alert">
          {download.error.message}. Please try again.
        </Alert>
      )}
    </Stack>
  );
}
