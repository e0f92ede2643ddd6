import { List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReportChanges } from '@nestling/shared/contract/report-view';

/**
 * What changed since the version the person last opened (ADR 029): each newer version's
 * changelog, then the differences in their results in words. Calm on purpose: a change is
 * news to read, not an alarm.
 */
export function ReportChangesCallout({ changes }: { changes: ReportChanges }) {
  const since = String(changes.sinceVersion);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="report-changes-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="report-changes-title">
          What changed since version {since}, the one you last opened
        </Title>
        {changes.changelogs.map((entry) => (
          <Text key={entry.version}>
            <Text span fw={700}>
              Version {entry.version}:
            </Text>{' '}
            {entry.changelog}
          </Text>
        ))}
        {changes.items.length === 0 ? (
          <Text>None of the results on this page changed.</Text>
        ) : (
          <>
            <Text>In your results:</Text>
            <List spacing={4}>
              {changes.items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
            {changes.more > 0 && (
              <Text>
                and {changes.more} more {changes.more === 1 ? 'change' : 'changes'}, in the sections
                below.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
