import { Paper, Text } from '@mantine/core';
import type { Model } from '@nestling/shared/contract/report';
import {
  NOT_ACCURATE_ENOUGH,
  NOT_ACCURATE_ENOUGH_EXPLAINED,
  notAccurateEnoughDetail,
} from '@nestling/shared/risk/reportable';
import { modelText } from '@nestling/shared/report-wording';

/*
 * A condition whose score explains too little (ADR 030): the same words in place of its number
 * on every report page, and no chart.
 */

/** Under a table that has a held-back row: what the words in it mean. */
export function NotAccurateEnoughNote({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Text size="sm">
      Where a row says &lsquo;{NOT_ACCURATE_ENOUGH}&rsquo;: {NOT_ACCURATE_ENOUGH_EXPLAINED}
    </Text>
  );
}

/** In a condition's section, instead of its charts and figures. */
export function NotAccurateEnoughSection({ code, model }: { code: string; model: Model }) {
  return (
    <Paper withBorder p="md">
      <Text fw={700}>{NOT_ACCURATE_ENOUGH}</Text>
      <Text size="sm" mt="xs">
        {NOT_ACCURATE_ENOUGH_EXPLAINED} {notAccurateEnoughDetail(code, model)}
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        Model: {modelText(model)}.
      </Text>
    </Paper>
  );
}
