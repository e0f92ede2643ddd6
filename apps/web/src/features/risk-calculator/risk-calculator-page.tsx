import {
  Alert,
  Button,
  List,
  Loader,
  NativeSelect,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { oneIn, type DotsOutOf } from '@nestling/shared/charts';
import { DEFAULT_CHART_SETTINGS } from '@nestling/shared/catalogue/chart-settings';
import type { CatalogueEntry } from '@nestling/shared/catalogue/catalogue-entry';
import { diseases, getDisease, isDiseaseCode } from '@nestling/shared/catalogue/diseases';
import type { RiskCondition, RiskValue } from '@nestling/shared/contract/risk-calculator';
import type { RiskResult } from '@nestling/shared/risk/liability-model';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { PageHeading } from '../../ui/page-heading.tsx';
import { DotGrid } from '../charts/index.ts';
import {
  DEFAULT_CONDITION,
  conditionChoices,
  conditionValues,
  fieldErrors,
  initialForm,
  toRiskInput,
  usesStartingValues,
  type CalculatorForm,
  type ConditionChoice,
  type FieldErrors,
  type StartingValues,
} from './calculator-state.ts';
import { RiskByEmbryosChart } from './risk-by-embryos-chart.tsx';
import classes from './risk-calculator.module.css';
import { useRiskConditions } from './use-risk-conditions.ts';
import { useRiskPrefill, type RiskPrefill } from './use-risk-prefill.ts';
import { riskAnswer, useRiskCurve } from './use-risk.ts';

const OTHER_ENTRY: CatalogueEntry = {
  code: 'other',
  name: 'Your condition',
  lowerName: 'the condition',
  chart: DEFAULT_CHART_SETTINGS,
};

function entryOf(condition: ConditionChoice): CatalogueEntry {
  return condition === 'other' ? OTHER_ENTRY : getDisease(condition);
}

/** A model message as a sentence next to its field. */
function sentence(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const text = message.replace('parents.heritability', 'the heritability');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** '0.5%', with a second decimal under 1 % so rare risks keep their difference. */
function percentText(risk: number): string {
  const percent = risk * 100;
  return `${percent.toFixed(percent > 0 && percent < 1 ? 2 : 1)}%`;
}

function sourceText(value: RiskValue | undefined, edited: boolean): string {
  if (value === undefined || edited) return 'Your own value.';
  if (value.setByLab) return value.source;
  return `${value.approximate ? 'Approximate. ' : ''}Source: ${value.source}`;
}

/** Whether the lab has replaced any of a condition's published values. */
function labSet(condition: RiskCondition | undefined): boolean {
  return (
    condition !== undefined &&
    (condition.prevalence.setByLab || condition.r2.setByLab || condition.heritability.setByLab)
  );
}

/** Applies the person's own data to a condition's fields, where the portal has some. */
function withPrefill(form: CalculatorForm, prefill: RiskPrefill): CalculatorForm {
  const percentile = prefill.percentiles.get(form.condition);
  const partnerPercentile = prefill.partner?.percentiles.get(form.condition);
  const diagnosed = prefill.diagnoses.get(form.condition);
  return {
    ...form,
    percentiles: [
      percentile === undefined ? '50' : String(percentile),
      partnerPercentile === undefined ? '50' : String(partnerPercentile),
    ],
    affected: diagnosed === undefined ? form.affected : diagnosed ? '1' : '0',
  };
}

function Answer({
  form,
  result,
  entry,
}: {
  form: CalculatorForm;
  result: RiskResult;
  entry: CatalogueEntry;
}) {
  const embryos = Number(form.embryos);
  const how =
    form.strategy === 'lowest'
      ? `choosing the embryo with the lowest score of ${embryos}`
      : `choosing at random among the ${embryos} embryos whose score is not in the top ${form.excludeTopPercent}%`;
  const makeInput = useCallback((n: number) => toRiskInput(form, n), [form]);
  const curve = useRiskCurve(makeInput);
  const prevalence = Number(form.prevalencePercent);
  // Rare risks on 1,000 dots, so that the two grids can differ (both on the same count).
  const outOf: DotsOutOf = result.baseline < 0.1 ? 1000 : 100;
  const fewer = (result.absoluteReduction * outOf).toFixed(1);
  return (
    <Stack gap="md">
      <Text size="lg">
        <strong>Without selection</strong> (any one embryo): {oneIn(result.baseline)} children would
        develop {entry.lowerName} ({percentText(result.baseline)}).
      </Text>
      <Text size="lg">
        <strong>With selection</strong> ({how}): {oneIn(result.selected)} (
        {percentText(result.selected)}).
      </Text>
      <Text>
        That is a relative reduction of {(result.relativeReduction * 100).toFixed(1)}%: the risk is{' '}
        {(result.absoluteReduction * 100).toFixed(outOf === 1000 ? 2 : 1)} percentage points lower,
        or {fewer} fewer affected children in {outOf.toLocaleString('en-US')}.
      </Text>
      <div className={classes.dotGrids}>
        <DotGrid
          entry={{ ...entry, name: `${entry.name}, without selection` }}
          lifetimeRiskPercent={result.baseline * 100}
          populationAverageRiskPercent={prevalence}
          peopleDescription="children from any one embryo"
          outOf={outOf}
        />
        <DotGrid
          entry={{ ...entry, name: `${entry.name}, with selection` }}
          lifetimeRiskPercent={result.selected * 100}
          populationAverageRiskPercent={prevalence}
          peopleDescription="children from the chosen embryo"
          outOf={outOf}
        />
      </div>
      {curve === undefined ? (
        <Text c="dimmed">Computing the risk for 1 to 10 embryos…</Text>
      ) : curve === null ? (
        <Text>The chart cannot be drawn for these values: one of its points is out of range.</Text>
      ) : (
        <RiskByEmbryosChart
          points={curve}
          baseline={result.baseline}
          conditionName={entry.lowerName}
          strategyName={
            form.strategy === 'lowest'
              ? 'the embryo with the lowest score'
              : `at random among embryos not in the top ${form.excludeTopPercent}%`
          }
        />
      )}
    </Stack>
  );
}

function Limits() {
  return (
    <section aria-labelledby="risk-limits">
      <Title order={2} id="risk-limits" size="h3" mb="xs">
        What this cannot tell you
      </Title>
      <List spacing="xs">
        <List.Item>
          The answer comes from a published model (Lencz, Backenroth et al., Carmi 2021, eLife
          10:e64716). It assumes a polygenic score works as well within a family, between siblings,
          as it does between unrelated people. Studies find it often works less well within
          families, so real reductions may be smaller.
        </List.Item>
        <List.Item>
          It also assumes the score was measured in people of the same ancestry as the parents;
          scores predict less well in other ancestries. It considers one condition at a time:
          choosing against one can change the risk of others.
        </List.Item>
        <List.Item>
          It does not count how many embryos lead to a live birth, and it cannot promise any outcome
          for one child.
        </List.Item>
        <List.Item>
          Professional societies advise caution about screening embryos for polygenic risk: the
          American College of Medical Genetics and Genomics (2024) and the European Society of Human
          Genetics (2022) do not recommend it for clinical use.
        </List.Item>
        <List.Item>
          This is not medical advice. Talk to a genetic counselor before making decisions about
          embryo testing.
        </List.Item>
      </List>
    </section>
  );
}

function Fields({
  form,
  errors,
  prefill,
  starting,
  onChange,
}: {
  form: CalculatorForm;
  errors: FieldErrors;
  prefill: RiskPrefill;
  starting: StartingValues;
  onChange: (form: CalculatorForm) => void;
}) {
  const code = isDiseaseCode(form.condition) ? form.condition : undefined;
  const defaults = code === undefined ? undefined : starting.get(code);
  const published = defaults === undefined ? undefined : conditionValues(defaults);
  const lab = labSet(defaults);
  const edited = (field: 'prevalencePercent' | 'r2' | 'heritability') =>
    published === undefined || Number(form[field]) !== Number(published[field]);
  const set = (changes: Partial<CalculatorForm>) => {
    onChange({ ...form, ...changes });
  };
  const reportPercentile = code === undefined ? undefined : prefill.percentiles.get(code);
  const partnerPercentile = code === undefined ? undefined : prefill.partner?.percentiles.get(code);
  const diagnosed = code === undefined ? undefined : prefill.diagnoses.get(code);
  const lowerName = entryOf(form.condition).lowerName;

  return (
    <Stack gap="md">
      <NativeSelect
        label="Condition"
        value={form.condition}
        data={conditionChoices.map((choice) => ({
          value: choice,
          label: choice === 'other' ? 'Another condition (your own values)' : diseases[choice].name,
        }))}
        onChange={(event) => {
          const condition = event.currentTarget.value as ConditionChoice;
          const chosen = isDiseaseCode(condition) ? starting.get(condition) : undefined;
          const values = chosen === undefined ? {} : conditionValues(chosen);
          onChange(withPrefill({ ...form, condition, ...values }, prefill));
        }}
      />
      <Text size="sm" fw={700}>
        {!usesStartingValues(form, starting)
          ? 'Your own values'
          : lab
            ? 'Values set by your lab'
            : 'Published values'}
      </Text>
      <TextInput
        label="Prevalence: how many people develop it in their lifetime (%)"
        inputMode="decimal"
        value={form.prevalencePercent}
        description={sourceText(defaults?.prevalence, edited('prevalencePercent'))}
        error={sentence(errors.prevalencePercent)}
        onChange={(event) => {
          set({ prevalencePercent: event.currentTarget.value });
        }}
      />
      <TextInput
        label="Score accuracy: variance in liability the score explains (r², 0 to 1)"
        inputMode="decimal"
        value={form.r2}
        description={sourceText(defaults?.r2, edited('r2'))}
        error={sentence(errors.r2)}
        onChange={(event) => {
          set({ r2: event.currentTarget.value });
        }}
      />
      {published !== undefined && !usesStartingValues(form, starting) ? (
        <Button
          variant="default"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            set(published);
          }}
        >
          {lab ? "Restore your lab's values" : 'Restore the published values'}
        </Button>
      ) : null}
      <TextInput
        label="Number of embryos to choose from (1 to 20)"
        inputMode="numeric"
        value={form.embryos}
        error={sentence(errors.embryos)}
        onChange={(event) => {
          set({ embryos: event.currentTarget.value });
        }}
      />
      <Radio.Group
        label="How the embryo is chosen"
        value={form.strategy}
        error={sentence(errors.strategy)}
        onChange={(value) => {
          set({ strategy: value === 'exclude' ? 'exclude' : 'lowest' });
        }}
      >
        <Stack gap="xs" mt="xs">
          <Radio
            value="lowest"
            label="Lowest-risk prioritization: the embryo with the lowest score"
          />
          <Radio
            value="exclude"
            label="High-risk exclusion: any embryo whose score is not among the highest"
          />
        </Stack>
      </Radio.Group>
      {form.strategy === 'exclude' ? (
        <TextInput
          label="Exclude scores in the population's top (%)"
          inputMode="decimal"
          value={form.excludeTopPercent}
          error={sentence(errors.excludeTopPercent)}
          onChange={(event) => {
            set({ excludeTopPercent: event.currentTarget.value });
          }}
        />
      ) : null}
      <Radio.Group
        label="What you know about the parents"
        value={form.parentsKind}
        error={sentence(errors.parentsKind)}
        onChange={(value) => {
          set({ parentsKind: value === 'scores' || value === 'disease' ? value : 'population' });
        }}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="population" label="Nothing: average parents" />
          <Radio value="scores" label="Each parent's score percentile" />
          <Radio value="disease" label="How many parents have the condition" />
        </Stack>
      </Radio.Group>
      {form.parentsKind === 'scores' ? (
        <>
          <TextInput
            label="Your score percentile (0 to 100)"
            inputMode="decimal"
            value={form.percentiles[0]}
            description={
              reportPercentile === undefined
                ? undefined
                : `From your individual report: ${String(reportPercentile)}.`
            }
            error={sentence(errors.percentile0)}
            onChange={(event) => {
              set({ percentiles: [event.currentTarget.value, form.percentiles[1]] });
            }}
          />
          <TextInput
            label="Your partner's score percentile (0 to 100)"
            inputMode="decimal"
            value={form.percentiles[1]}
            description={
              partnerPercentile === undefined
                ? "50 is the population's middle; use your partner's report if you have it."
                : `From ${prefill.partner?.name ?? 'your partner'}'s individual report, which they share with you: ${String(partnerPercentile)}.`
            }
            error={sentence(errors.percentile1)}
            onChange={(event) => {
              set({ percentiles: [form.percentiles[0], event.currentTarget.value] });
            }}
          />
        </>
      ) : null}
      {form.parentsKind === 'disease' ? (
        <>
          <Radio.Group
            label={`How many of the two parents have ${lowerName}`}
            description={
              diagnosed === undefined
                ? undefined
                : `Your health survey says you ${diagnosed ? 'have' : 'have not'} been diagnosed with ${lowerName}. Your partner's answers are not shown here: change the number if they have it.`
            }
            value={form.affected}
            error={sentence(errors.affected)}
            onChange={(value) => {
              set({ affected: value === '1' || value === '2' ? value : '0' });
            }}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="0" label="Neither" />
              <Radio value="1" label="One" />
              <Radio value="2" label="Both" />
            </Stack>
          </Radio.Group>
          <TextInput
            label="Heritability (h², 0 to 1)"
            inputMode="decimal"
            value={form.heritability}
            description={sourceText(defaults?.heritability, edited('heritability'))}
            error={sentence(errors.heritability)}
            onChange={(event) => {
              set({ heritability: event.currentTarget.value });
            }}
          />
        </>
      ) : null}
    </Stack>
  );
}

/** The calculator, once the starting values are known. */
function RiskCalculator({ starting, fromLab }: { starting: StartingValues; fromLab: boolean }) {
  const prefill = useRiskPrefill();
  const [form, setForm] = useState<CalculatorForm>(() => {
    const first = starting.get(DEFAULT_CONDITION);
    if (first === undefined) throw new Error('The catalog has no default condition');
    return initialForm(first);
  });
  // The person's data arrives after the first render: it fills the parents' fields as it
  // comes, until the person has typed in them (state adjusted while rendering, not in an effect).
  const [typedParents, setTypedParents] = useState(false);
  const [seenPrefill, setSeenPrefill] = useState(prefill);
  if (prefill !== seenPrefill) {
    setSeenPrefill(prefill);
    if (!typedParents) setForm(withPrefill(form, prefill));
  }
  const change = (next: CalculatorForm) => {
    if (
      next.condition === form.condition &&
      (next.percentiles !== form.percentiles || next.affected !== form.affected)
    ) {
      setTypedParents(true);
    }
    setForm(next);
  };

  const errors = useMemo(() => fieldErrors(form), [form]);
  const valid = Object.keys(errors).length === 0;
  // The slow case (parents' disease status) computes after the fields have updated.
  const deferred = useDeferredValue(form);
  const answer = useMemo(() => riskAnswer(toRiskInput(deferred)), [deferred]);
  const entry = entryOf(deferred.condition);

  return (
    <>
      {fromLab ? null : (
        <Alert color="gray" title="Your lab's values could not be loaded" mb="md">
          The calculator starts from the published values. Reload the page to try again.
        </Alert>
      )}
      <div className={classes.columns}>
        <section aria-labelledby="risk-inputs">
          <Title order={2} id="risk-inputs" size="h3" mb="sm">
            Your situation
          </Title>
          <Fields
            form={form}
            errors={errors}
            prefill={prefill}
            starting={starting}
            onChange={change}
          />
        </section>
        <section aria-labelledby="risk-answer" aria-live="polite">
          <Title order={2} id="risk-answer" size="h3" mb="sm">
            The answer
          </Title>
          {!valid ? (
            <Alert color="gray" title="No answer yet">
              Correct the marked field to see the risk.
            </Alert>
          ) : answer.ok ? (
            <Answer form={deferred} result={answer.result} entry={entry} />
          ) : (
            <Alert color="gray" title="No answer for these values">
              {sentence(answer.error)}
            </Alert>
          )}
        </section>
      </div>
      <Stack mt="xl">
        <Limits />
      </Stack>
    </>
  );
}

/** /risk-calculator: how much choosing among embryos could change a child's risk. */
export function RiskCalculatorPage() {
  const conditions = useRiskConditions();
  return (
    <>
      <PageHeading
        title="Risk calculator"
        lead="How much could choosing among embryos on a polygenic score change a child's risk of a condition? This calculator answers with a published model, absolute risk first."
      />
      {conditions.status === 'loading' ? (
        <Loader role="status" aria-label="Loading the calculator's values" />
      ) : (
        <RiskCalculator starting={conditions.conditions} fromLab={conditions.fromLab} />
      )}
    </>
  );
}
