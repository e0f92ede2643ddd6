import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';
import { useSharedReports } from './use-partner.ts';

/** Saves a Blob as a file, through a temporary link. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * "{Partner}'s individual results": what partners share with the person right now (the server
 * decides; a partner who stops sharing disappears from here).
 */
export function SharedReports() {
  const shared = useSharedReports();
  const api = useApi();
  const asUser = useViewAs();
  const download = useMutation({
    mutationFn: async (orderId: string) => {
      saveBlob(
        await api.downloadPdf(`/individual_reports/${encodeURIComponent(orderId)}`, { asUser }),
        'partner-individual-report.pdf',
      );
    },
  });
  const entries = shared.data?.shared ?? [];
  if (entries.length === 0) return null;
  return (
    <Stack gap="md" mt="xl">
      {entries.map((entry) => {
        const name = entry.partner.firstName ?? entry.partner.email;
        return (
          <section key={entry.coupleAccountId} aria-label={`${name}'s individual results`}>
            <Title order={2} size="h3" mb="xs">
              {`${name}'s individual results`}
            </Title>
            {entry.orders.length === 0 ? (
              <Text>{name} shares their individual results with you; none has arrived yet.</Text>
            ) : (
              <Stack gap="xs">
                {entry.orders.map((order) => (
                  <Group key={order.orderId} justify="space-between">
                    <Text>
                      Report {order.report.labReportId}, signed off {order.report.signedOffOn}
                    </Text>
                    <Button
                      variant="default"
                      size="xs"
                      loading={download.isPending && download.variables === order.orderId}
                      onClick={() => {
                        download.mutate(order.orderId);
                      }}
                      aria-label={`Download ${name}'s report ${order.report.labReportId} (PDF)`}
                    >
                      Download PDF
                    </Button>
                  </Group>
                ))}
              </Stack>
            )}
          </section>
        );
      })}
      {download.isError && (
        <Alert color="red" role="alert">
          {download.error.message}
        </Alert>
      )}
    </Stack>
  );
}
