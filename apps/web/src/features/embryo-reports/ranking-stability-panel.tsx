import { Stack, Text, Title } from '@mantine/core';
import type { Embryo } from '@nestling/shared/contract/report';
import { outcomesInWords } from '@nestling/shared/risk/ranking-stability';
import {
  NOT_ACCURATE_ENOUGH,
  NOT_ACCURATE_ENOUGH_EXPLAINED,
} from '@nestling/shared/risk/reportable';
import { useId, useMemo } from 'react';
import type { ComparisonDisease } from './comparison.ts';
import { embryoName } from './embryo-wording.ts';
import classes from './embryo-reports.module.css';
import { conditionStandings } from './ranking-standings.ts';

function ShareBar({ share, words }: { share: number; words: string }) {
  return (
    <span className={classes.shareCell}>
      <span className={classes.shareTrack} aria-hidden>
        <span className={classes.shareBar} style={{ width: `${String(share * 100)}%` }} />
      </span>
      <span className={classes.shareWords}>{words}</span>
    </span>
  );
}

/**
 * How sure the order by one condition is (ADR 028): how often each embryo
 * would have the lowest genetic predisposition, and be among the two lowest, given how well the
 * score tells siblings apart. Said in words, with a bar per share on one 0–100 % scale.
 */
export function RankingStabilityPanel({
  embryos,
  disease,
}: {
  /** The embryos shown, so that hidden ones are left out of the order too. */
  embryos: readonly Embryo[];
  disease: ComparisonDisease;
}) {
  const headingId = useId();
  const { standings, accuracy, heldBack } = useMemo(
    () => conditionStandings(embryos, disease.code),
    [embryos, disease.code],
  );
  const condition = disease.name.toLowerCase();
  const [leader] = standings;

  return (
    <section aria-labelledby={headingId} className={classes.stability}>
      <Stack gap="sm">
        <Title order={3} id={headingId}>
          How sure is this order?
        </Title>
        {heldBack ? (
          <Text>
            {NOT_ACCURATE_ENOUGH}. {NOT_ACCURATE_ENOUGH_EXPLAINED}
          </Text>
        ) : accuracy === undefined ? (
          <Text>
            The lab gave no measure of how well this score tells siblings apart, so the portal
            cannot say how sure the order by {condition} is.
          </Text>
        ) : leader === undefined ? (
          <Text>At least two embryos need a result for {condition} to compare their order.</Text>
        ) : (
          <>
            <Text fw={700}>
              {embryoName(leader.label)} ranks first, with the lowest genetic risk of {condition},
              in {outcomesInWords(leader.first)} plausible outcomes.
            </Text>
            <Text>
              A score is an estimate: siblings with close scores can differ the other way in their
              genes. Given how well this score tells siblings apart, this is how often each embryo
              would have the lowest genetic risk of {condition}, and how often it would be among the
              two lowest.
            </Text>
            <table className={`${classes.plainTable} ${classes.compact} ${classes.table}`}>
              <caption className={classes.caption}>
                How often each embryo ranks first or in the top two for {condition}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Embryo</th>
                  <th scope="col">Ranks first</th>
                  <th scope="col">In the top two</th>
                </tr>
              </thead>
              <tbody>
                {standings.map((standing) => (
                  <tr key={standing.label}>
                    <th scope="row">{embryoName(standing.label)}</th>
                    <td>
                      <ShareBar share={standing.first} words={outcomesInWords(standing.first)} />
                    </td>
                    <td>
                      <ShareBar share={standing.topTwo} words={outcomesInWords(standing.topTwo)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Text size="sm" c="dimmed">
              How this is worked out: the score&apos;s accuracy within a family is taken as{' '}
              {accuracy.value.toFixed(2)} (a correlation from 0, no better than chance, to 1, always
              right){' '}
              {accuracy.source === 'lab'
                ? "from the lab's model data"
                : "estimated from the share of the condition's heritability the score explains"}
              . The shares are computed exactly in your browser, to within one in a billion; the
              words round them to tenths.
            </Text>
          </>
        )}
      </Stack>
    </section>
  );
}
