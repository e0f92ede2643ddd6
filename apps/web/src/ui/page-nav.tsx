import { Button, Group, Text } from '@mantine/core';

/** Previous and next page of a list the server pages, with 'Page 2 of 5' between them. */
export function PageNav({
  label,
  page,
  pages,
  onPage,
}: {
  /** The navigation landmark's name, e.g. 'Audit log pages'. */
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label={label}>
      <Group gap="sm">
        <Button
          variant="default"
          disabled={page <= 1}
          onClick={() => {
            onPage(page - 1);
          }}
        >
          Previous page
        </Button>
        <Text>
          Page {page} of {pages}
        </Text>
        <Button
          variant="default"
          disabled={page >= pages}
          onClick={() => {
            onPage(page + 1);
          }}
        >
          Next page
        </Button>
      </Group>
    </nav>
  );
}
