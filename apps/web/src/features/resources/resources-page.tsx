import { Paper, Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { EMBRYO_GUIDE, REPORT_GUIDE, type GuideSummary } from './guides.ts';
import classes from './resources.module.css';

function GuideCard({ guide }: { guide: GuideSummary }) {
  return (
    <Paper component="article" withBorder p="lg" className={classes.card}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          <AnchorLink to={guide.path} inherit>
            {guide.title}
          </AnchorLink>
        </Title>
        <Text>{guide.summary}</Text>
        <Text size="sm" c="dimmed">
          Guide, about {guide.readingMinutes} minutes to read
        </Text>
      </Stack>
    </Paper>
  );
}

/** /resources: the guides, each as a card, and the risk calculator. */
export function ResourcesPage() {
  return (
    <Stack gap="lg">
      <PageHeading
        title="Resources"
        lead="Guides to genetic screening and to your reports, written to be read at your own pace and printed if you wish."
      />
      <ul className={classes.cards}>
        <li>
          <GuideCard guide={REPORT_GUIDE} />
        </li>
        <li>
          <GuideCard guide={EMBRYO_GUIDE} />
        </li>
        <li>
          <Paper component="article" withBorder p="lg" className={classes.card}>
            <Stack gap="sm">
              <Title order={2} size="h3">
                <AnchorLink to="/risk-calculator" inherit>
                  Risk calculator
                </AnchorLink>
              </Title>
              <Text>
                How much could choosing among embryos on a polygenic score change a child&apos;s
                risk of one condition? Try your own numbers in a published model, with the absolute
                risk shown first.
              </Text>
              <Text size="sm" c="dimmed">
                Interactive tool
              </Text>
            </Stack>
          </Paper>
        </li>
      </ul>
      <Text size="sm">
        These guides are general information, not medical advice. A genetic counselor can talk you
        through what your own results mean.
      </Text>
    </Stack>
  );
}
