import { Alert, Anchor, Button, Stack, Table, Text } from '@mantine/core';
import type { Document } from '@nestling/shared/contract/document';
import { usDateFromIsoDate } from '@nestling/shared/report-wording';
import { pendingOrFailed } from '../../ui/page-status.tsx';
import { ScrollRegion, reportsClasses as classes } from '../reports/index.ts';
import { useDocuments, useOpenDocument } from './use-documents.ts';

/** 1234567 -> '1.2 MB'. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${String(Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function DocumentRow({ document }: { document: Document }) {
  const open = useOpenDocument();
  return (
    <Table.Tr>
      <Table.Th scope="row">{document.title}</Table.Th>
      <Table.Td>{document.kind.charAt(0).toUpperCase() + document.kind.slice(1)}</Table.Td>
      <Table.Td>{usDateFromIsoDate(document.date)}</Table.Td>
      <Table.Td>{fileSizeText(document.size)}</Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Button
            size="xs"
            variant="default"
            loading={open.isPending}
            aria-label={`View ${document.title}`}
            onClick={() => {
              // Opened now, inside the click: a tab opened after the call would be blocked.
              const tab = window.open('', '_blank');
              // The document must not reach back into the portal's tab.
              if (tab !== null) tab.opener = null;
              open.mutate({ id: document.id, tab });
            }}
          >
            View
          </Button>
          {open.data?.opened === false && (
            <Anchor href={open.data.url} target="_blank" rel="noopener noreferrer">
              Open {document.title} (the link works once, for 5 minutes)
            </Anchor>
          )}
          {open.isError && (
            <Text size="sm" c="red.9" role="alert">
              {open.error.message}
            </Text>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** The person's documents (consents, instructions, lab letters), each opened by a one-time link. */
export function DocumentsList() {
  const documents = useDocuments();
  if (documents.isPending || documents.isError) return pendingOrFailed(documents, 'your documents');
  const list = documents.data.documents;
  if (list.length === 0) {
    return (
      <Alert color="gray" title="No documents yet">
        Consent forms, kit instructions and letters from the lab appear here once there are any.
      </Alert>
    );
  }
  return (
    <ScrollRegion label="Your documents">
      <Table captionSide="top" striped>
        <Table.Caption className={classes.caption}>Your documents, newest first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Document</Table.Th>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Size</Table.Th>
            <Table.Th scope="col">
              <span>Open</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((document) => (
            <DocumentRow key={document.id} document={document} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
