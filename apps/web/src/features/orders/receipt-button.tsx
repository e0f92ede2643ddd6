import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useOpenDocument } from '../documents/index.ts';

/**
 * 'View receipt': the receipt PDF among the person's documents, opened by a one-time link in a
 * tab opened inside the click (a tab opened after the call would be blocked).
 */
export function ReceiptButton({
  documentId,
  orderNumber,
}: {
  documentId: string;
  orderNumber: string;
}) {
  const open = useOpenDocument();
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="xs"
        variant="default"
        loading={open.isPending}
        aria-label={`View receipt for order ${orderNumber}`}
        onClick={() => {
          const tab = window.open('', '_blank');
          // The receipt must not reach back into the portal's tab.
          if (tab !== null) tab.opener = null;
          open.mutate({ id: documentId, tab });
        }}
      >
        View receipt
      </Button>
      {open.data?.opened === false && (
        <Anchor href={open.data.url} target="_blank" rel="noopener noreferrer">
          Open the receipt for order {orderNumber} (the link works once, for 5 minutes)
        </Anchor>
      )}
      {open.isError && (
        <Text size="sm" c="red.9" role="alert">
          {open.error.message}
        </Text>
      )}
    </Stack>
  );
}
