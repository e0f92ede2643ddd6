import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { CitationProvider, ReferenceList, type Reference } from './citations.tsx';
import type { GuideSummary } from './guides.ts';
import { HashLink } from './hash-link.tsx';
import classes from './resources.module.css';

/** One numbered part of a guide: an h2 (its id is the contents' link target) and its text. */
export interface GuideSection {
  readonly id: string;
  readonly title: string;
  readonly content: ReactNode;
}

export const REFERENCES_ID = 'references';

function TableOfContents({ sections }: { sections: readonly GuideSection[] }) {
  return (
    <nav aria-label="Contents" className={classes.contents}>
      <p className={classes.contentsTitle}>Contents</p>
      <ol className={classes.contentsList}>
        {sections.map((section) => (
          <li key={section.id}>
            <HashLink targetId={section.id}>{section.title}</HashLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * A guide of /resources: its heading, how long it takes to read, the contents (an ordered list
 * of links to every section), the sections, and the numbered references every citation points
 * to. Each section's heading can take focus, so following a contents link moves the reading
 * position there. Prints as a plain document (resources.module.css, layout.module.css).
 */
export function GuideLayout({
  guide,
  lead,
  sections,
  references,
}: {
  guide: GuideSummary;
  lead: string;
  sections: readonly GuideSection[];
  references: readonly Reference[];
}) {
  const all: readonly GuideSection[] = [
    ...sections,
    { id: REFERENCES_ID, title: 'References', content: <ReferenceList references={references} /> },
  ];
  return (
    <CitationProvider references={references}>
      <article className={classes.guide}>
        <PageHeading title={guide.title} lead={lead} />
        <Group justify="space-between" align="center" gap="sm" mb="lg" className={classes.meta}>
          <Text size="sm">
            About {guide.readingMinutes} minutes to read.{' '}
            <AnchorLink to="/resources">All resources</AnchorLink>
          </Text>
          <Button
            variant="default"
            size="sm"
            className={classes.printButton}
            onClick={() => {
              window.print();
            }}
          >
            Print this guide
          </Button>
        </Group>
        <TableOfContents sections={all} />
        {all.map((section) => (
          <section key={section.id} aria-labelledby={section.id} className={classes.section}>
            <Stack gap="sm">
              <Title order={2} id={section.id} tabIndex={-1} className={classes.sectionHeading}>
                {section.title}
              </Title>
              {section.content}
            </Stack>
          </section>
        ))}
        <Text size="sm" mt="xl" className={classes.disclaimer}>
          This guide is general information. It is not medical advice about you or your family: for
          that, talk to your doctor or a genetic counselor.
        </Text>
      </article>
    </CitationProvider>
  );
}
