import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { RANKING_LIMITS } from './embryo-wording.ts';
import classes from './embryo-reports.module.css';

/**
 * How the lab ranked the embryos, in its own words, then what no ranking can promise, in ours:
 * shown wherever the priority is, so nobody reads the order as a verdict.
 */
export function PriorityMethod({ method }: { method: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} id={headingId}>
          How the lab set the priority
        </Title>
        <figure className={classes.labWords}>
          <blockquote>
            <Text>{method}</Text>
          </blockquote>
          <Text component="figcaption" size="sm" mt={4}>
            In the lab&apos;s words.
          </Text>
        </figure>
        <Text>{RANKING_LIMITS}</Text>
      </Stack>
    </section>
  );
}
