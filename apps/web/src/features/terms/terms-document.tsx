import { List, ScrollArea, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import type { LegalText } from '@nestling/shared/contract/terms-texts';
import classes from './terms.module.css';

/**
 * A document in its own scrolling region: named, focusable so a keyboard can scroll it, with the
 * document's headings under the page's.
 */
export function TermsDocumentText({ text, label }: { text: LegalText; label: string }) {
  return (
    <ScrollArea.Autosize
      mah={360}
      type="auto"
      offsetScrollbars
      viewportProps={{ role: 'region', 'aria-label': label, tabIndex: 0 }}
    >
      <Stack gap="sm" pr="sm" className={classes.documentText}>
        <Text>{text.intro}</Text>
        {text.sections.map((section) => (
          <Stack key={section.heading} gap={4} component="section">
            <Title order={3} size="h5">
              {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} size="sm">
                {paragraph}
              </Text>
            ))}
            {section.items !== undefined && (
              <List size="sm" spacing={4}>
                {section.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
