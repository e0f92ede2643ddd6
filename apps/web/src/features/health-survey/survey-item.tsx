import { Checkbox, Group, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { AnswerValue } from '@nestling/shared/contract/health-survey';
import {
  ownAgeMessage,
  quantityOf,
  quantityRangeMessage,
} from '@nestling/shared/health-survey/answers';
import {
  EXTENSION,
  extensionNumber,
  isOwnAgeItem,
  itemUnit,
  itemUnitOptions,
  UCUM,
  type QuantityUnit,
  type QuestionnaireItem,
} from '@nestling/shared/health-survey/questionnaires';
import { useEffect, useId, useMemo, useState } from 'react';
import classes from './health-survey.module.css';

/*
 * One renderer for every variant: each FHIR item type has its input here, and a survey page
 * is its section's items in order. Nothing is written per variant.
 */

export interface ItemProps {
  item: QuestionnaireItem;
  answers: AnswerValue[];
  onAnswer: (values: AnswerValue[], options?: { typing?: boolean }) => void;
  error?: string | undefined;
  /** Told when the field holds typing it cannot save (and why), and null once it can. */
  onProblem?: ((problem: string | null) => void) | undefined;
  /** The person's age now, when known: an age of their own cannot be older. */
  ageNow?: number | null | undefined;
}

/** Numbers and dates need a short box; their labels keep the full width. */
const NARROW = { wrapper: { maxWidth: 220 } };

/** The id of a question's wrapper, for error links: `#q-height`. */
export function questionAnchor(linkId: string): string {
  return `q-${linkId}`;
}

const codeOf = (answer: AnswerValue | undefined) =>
  answer && 'valueCoding' in answer ? answer.valueCoding.code : undefined;

function options(item: QuestionnaireItem) {
  return (item.answerOption ?? []).flatMap((entry) =>
    entry.valueCoding?.code === undefined
      ? []
      : [
          {
            value: entry.valueCoding.code,
            label: entry.valueCoding.display ?? entry.valueCoding.code,
            coding: entry.valueCoding,
          },
        ],
  );
}

function codingAnswer(item: QuestionnaireItem, code: string): AnswerValue {
  const found = options(item).find((entry) => entry.value === code);
  return {
    valueCoding: {
      ...(found?.coding.system === undefined ? {} : { system: found.coding.system }),
      code,
      ...(found?.label === undefined ? {} : { display: found.label }),
    },
  };
}

function BooleanItem({ item, answers, onAnswer, error }: ItemProps) {
  const [first] = answers;
  const value = first && 'valueBoolean' in first ? (first.valueBoolean ? 'yes' : 'no') : null;
  return (
    <Radio.Group
      label={item.text}
      required={item.required === true}
      value={value}
      error={error}
      onChange={(next) => {
        onAnswer([{ valueBoolean: next === 'yes' }]);
      }}
    >
      <Group gap="lg" mt="xs">
        <Radio value="yes" label="Yes" />
        <Radio value="no" label="No" />
      </Group>
    </Radio.Group>
  );
}

function ChoiceItem({ item, answers, onAnswer, error }: ItemProps) {
  const choices = options(item);
  if (item.repeats) {
    return (
      <Checkbox.Group
        label={item.text}
        required={item.required === true}
        value={answers.flatMap((answer) => codeOf(answer) ?? [])}
        error={error}
        onChange={(codes) => {
          onAnswer(codes.map((code) => codingAnswer(item, code)));
        }}
      >
        <Stack gap="xs" mt="xs">
          {choices.map((choice) => (
            <Checkbox key={choice.value} value={choice.value} label={choice.label} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  if (choices.length > 8) {
    return (
      <Select
        label={item.text}
        required={item.required === true}
        data={choices.map(({ value, label }) => ({ value, label }))}
        value={codeOf(answers[0]) ?? null}
        error={error}
        onChange={(code) => {
          onAnswer(code === null ? [] : [codingAnswer(item, code)]);
        }}
      />
    );
  }
  return (
    <Radio.Group
      label={item.text}
      required={item.required === true}
      value={codeOf(answers[0]) ?? null}
      error={error}
      onChange={(code) => {
        onAnswer([codingAnswer(item, code)]);
      }}
    >
      <Stack gap="xs" mt="xs">
        {choices.map((choice) => (
          <Radio key={choice.value} value={choice.value} label={choice.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/**
 * What the field shows: the person's own typing (spaces and all) until the stored answer changes
 * to something else (another device's answer after a conflict).
 */
function useDraft<T extends string | number>(stored: T): [T | string, (next: T | string) => void] {
  const [draft, setDraft] = useState<T | string>(stored);
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    setSeen(stored);
    if (typeof draft !== 'string' || draft.trim() !== stored) setDraft(stored);
  }
  return [draft, setDraft];
}

function OpenChoiceItem({ item, answers, onAnswer, error, onProblem }: ItemProps) {
  const codes = answers.flatMap((answer) => codeOf(answer) ?? []);
  const other = answers.find((answer) => 'valueString' in answer);
  const [text, setText] = useDraft(other && 'valueString' in other ? other.valueString : '');
  const most = item.maxLength ?? 2000;
  const problem = text.trim().length > most ? tooLongMessage(text.trim().length, most) : null;
  useReportProblem(problem, onProblem);
  const send = (nextCodes: string[], nextText: string, typing: boolean) => {
    // Text too long is said at the field and not sent (the saved text stays); ticks are saved.
    const saved = other && 'valueString' in other ? other.valueString : '';
    const kept = nextText.trim().length > most ? saved : nextText.trim();
    onAnswer(
      [
        ...nextCodes.map((code) => codingAnswer(item, code)),
        ...(kept === '' ? [] : [{ valueString: kept }]),
      ],
      { typing },
    );
  };
  return (
    <Stack gap="xs">
      <Checkbox.Group
        label={item.text}
        required={item.required === true}
        value={codes}
        error={error}
        onChange={(next) => {
          send(next, text, false);
        }}
      >
        <Stack gap="xs" mt="xs">
          {options(item).map((choice) => (
            <Checkbox key={choice.value} value={choice.value} label={choice.label} />
          ))}
        </Stack>
      </Checkbox.Group>
      <TextInput
        label="Another ancestry, in your own words"
        value={text}
        error={problem}
        onChange={(event) => {
          setText(event.currentTarget.value);
          send(codes, event.currentTarget.value, true);
        }}
      />
    </Stack>
  );
}

/** Why typed text is not a number the question takes; null when it is one. */
export function numberTextProblem(text: string, integer: boolean): string | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return null;
  if (/^\d*\.\d+$|^\d+\.$/.test(trimmed)) {
    return integer ? 'Give a whole number, like 12' : null;
  }
  return integer ? 'Give a number in digits, like 12' : 'Give a number in digits, like 65 or 65.5';
}

/**
 * Tells the page which questions hold typing that cannot be saved yet (out of range, too long,
 * not a number), so that 'Next' stops there instead of leaving it behind unsaved.
 */
function useReportProblem(problem: string | null, onProblem: ItemProps['onProblem']) {
  useEffect(() => {
    onProblem?.(problem);
  }, [problem, onProblem]);
  useEffect(
    () => () => {
      onProblem?.(null);
    },
    [onProblem],
  );
}

/**
 * A number as typed: the text stays exactly as the person wrote it (a browser number field, or
 * a formatter, would quietly drop a point or a stray character), and only a valid number in
 * range is saved. Anything else is said at the field.
 */
function NumberItem({ item, answers, onAnswer, error, onProblem, ageNow }: ItemProps) {
  const integer = item.type === 'integer';
  const [first] = answers;
  const stored =
    first && 'valueInteger' in first
      ? String(first.valueInteger)
      : first && 'valueDecimal' in first
        ? String(first.valueDecimal)
        : '';
  const [draft, setDraft] = useDraft(stored);
  const min = extensionNumber(item, EXTENSION.minValue);
  const max = extensionNumber(item, EXTENSION.maxValue);
  const unit = itemUnit(item);
  const text = draft;
  const problem = useMemo(() => {
    if (text.trim() === '') return null;
    const notNumber = numberTextProblem(text, integer);
    if (notNumber !== null) return notNumber;
    const value = Number(text);
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
      return `Give a number from ${String(min)} to ${String(max)}`;
    }
    if (isOwnAgeItem(item) && ageNow !== undefined && ageNow !== null && value > ageNow) {
      return ownAgeMessage(ageNow);
    }
    return null;
  }, [text, integer, min, max, item, ageNow]);
  useReportProblem(problem, onProblem);
  const rangeText =
    min !== undefined && max !== undefined
      ? `From ${String(min)} to ${String(max)}${unit ? ` ${unit}` : ''}`
      : undefined;
  return (
    <TextInput
      label={unit ? `${item.text ?? ''} (${unit})` : item.text}
      description={rangeText}
      required={item.required === true}
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      styles={NARROW}
      error={problem ?? error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setDraft(next);
        if (next.trim() === '') onAnswer([], { typing: true });
        else if (numberTextProblem(next, integer) === null) {
          const value = Number(next);
          const inRange =
            (min === undefined || value >= min) && (max === undefined || value <= max);
          const tooOld =
            isOwnAgeItem(item) && ageNow !== undefined && ageNow !== null && value > ageNow;
          // A number the question cannot take is shown with its reason and not sent.
          if (inRange && !tooOld) {
            onAnswer([integer ? { valueInteger: value } : { valueDecimal: value }], {
              typing: true,
            });
          }
        }
      }}
    />
  );
}

/** 5'5", 5' 5", 5 ft 5 in, 5ft: feet and inches typed into the feet box. */
const FEET_AND_INCHES =
  /^(\d+)\s*(?:'|’|ft\.?|feet)\s*(?:(\d+(?:\.\d+)?)\s*(?:"|”|''|in\.?|inches)?)?$/i;

function quantityAnswer(value: number, unit: QuantityUnit): AnswerValue {
  return { valueQuantity: { value, unit: unit.unit, system: UCUM, code: unit.code } };
}

/**
 * Height or weight in the unit the person chooses (feet and inches or centimeters, pounds or
 * kilograms), kept in that unit. Feet and inches are two boxes; '5\'5"' typed into the feet box
 * is split between them, where the person sees it.
 */
function QuantityItem({ item, answers, onAnswer, error, onProblem }: ItemProps) {
  const units = itemUnitOptions(item);
  const stored = quantityOf(item, answers[0]);
  const [unitCode, setUnitCode] = useState(stored?.unit.code ?? units[0]?.code ?? '');
  const unit = units.find((entry) => entry.code === unitCode) ?? units[0];
  const feetMode = unit?.code === '[in_i]';
  const storedFeet =
    stored !== null && stored.unit.code === '[in_i]' ? Math.floor(stored.value / 12) : null;
  const [feet, setFeet] = useDraft(storedFeet === null ? '' : String(storedFeet));
  const [inches, setInches] = useDraft(
    stored !== null && storedFeet !== null
      ? String(Math.round((stored.value - storedFeet * 12) * 100) / 100)
      : '',
  );
  const [amount, setAmount] = useDraft(
    stored !== null && stored.unit.code !== '[in_i]' ? String(stored.value) : '',
  );

  /** The value the boxes make, or why they make none ('' when they are empty). */
  const read = (
    next: { feet: string; inches: string; amount: string },
    forUnit: QuantityUnit | undefined,
  ): { value: number } | { problem: string } | null => {
    if (forUnit === undefined) return null;
    if (forUnit.code === '[in_i]') {
      if (next.feet.trim() === '' && next.inches.trim() === '') return null;
      if (next.feet.trim() === '') return { problem: 'Give the feet too, like 5' };
      const feetProblem = numberTextProblem(next.feet, true);
      if (feetProblem !== null) return { problem: `Feet: ${feetProblem}` };
      const inchText = next.inches.trim() === '' ? '0' : next.inches;
      const inchProblem = numberTextProblem(inchText, false);
      if (inchProblem !== null) return { problem: `Inches: ${inchProblem}` };
      if (Number(inchText) >= 12) return { problem: 'Inches go from 0 to 11.9' };
      const value = Number(next.feet) * 12 + Number(inchText);
      return value < forUnit.min || value > forUnit.max
        ? { problem: quantityRangeMessage(forUnit) }
        : { value };
    }
    if (next.amount.trim() === '') return null;
    const amountProblem = numberTextProblem(next.amount, false);
    if (amountProblem !== null) return { problem: amountProblem };
    const value = Number(next.amount);
    return value < forUnit.min || value > forUnit.max
      ? { problem: quantityRangeMessage(forUnit) }
      : { value };
  };

  const current = read({ feet, inches, amount }, unit);
  const problem = current !== null && 'problem' in current ? current.problem : null;
  useReportProblem(problem, onProblem);

  const change = (next: { feet: string; inches: string; amount: string }, forUnit = unit) => {
    const result = read(next, forUnit);
    if (result === null) onAnswer([], { typing: true });
    else if ('value' in result && forUnit !== undefined) {
      onAnswer([quantityAnswer(result.value, forUnit)], { typing: true });
    }
  };
  const boxes = { feet, inches, amount };
  const legendId = useId();
  const message = problem ?? error ?? null;
  return (
    <Stack
      gap="xs"
      component="fieldset"
      aria-labelledby={legendId}
      aria-describedby={feetMode && message !== null ? `${legendId}-problem` : undefined}
      className={classes.fieldset}
    >
      <Text component="legend" id={legendId} fw={600} size="sm">
        {item.text}
        {item.required === true && (
          <Text span c="red.9" aria-hidden>
            {' *'}
          </Text>
        )}
      </Text>
      <Radio.Group
        label={`Unit for ${(item.text ?? '').toLowerCase()}`}
        styles={{ label: { fontWeight: 400 } }}
        value={unit?.code ?? null}
        onChange={(code) => {
          setUnitCode(code);
          change(
            boxes,
            units.find((entry) => entry.code === code),
          );
        }}
      >
        <Group gap="lg" mt={4} data-unit-choice>
          {units.map((entry) => (
            <Radio key={entry.code} value={entry.code} label={entry.label} />
          ))}
        </Group>
      </Radio.Group>
      {feetMode ? (
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <TextInput
            label="Feet"
            inputMode="numeric"
            autoComplete="off"
            value={boxes.feet}
            styles={{ wrapper: { maxWidth: 90 } }}
            error={message !== null}
            onChange={(event) => {
              const typed = event.currentTarget.value;
              const split = FEET_AND_INCHES.exec(typed.trim());
              const next = split
                ? { ...boxes, feet: split[1] ?? '', inches: split[2] ?? '' }
                : { ...boxes, feet: typed };
              setFeet(next.feet);
              if (split) setInches(next.inches);
              change(next);
            }}
          />
          <TextInput
            label="Inches"
            inputMode="decimal"
            autoComplete="off"
            value={boxes.inches}
            styles={{ wrapper: { maxWidth: 90 } }}
            error={message !== null}
            onChange={(event) => {
              const next = { ...boxes, inches: event.currentTarget.value };
              setInches(next.inches);
              change(next);
            }}
          />
        </Group>
      ) : (
        <TextInput
          label={`${item.text ?? ''} in ${(unit?.label ?? '').toLowerCase()}`}
          inputMode="decimal"
          autoComplete="off"
          value={boxes.amount}
          styles={NARROW}
          error={message}
          onChange={(event) => {
            const next = { ...boxes, amount: event.currentTarget.value };
            setAmount(next.amount);
            change(next);
          }}
        />
      )}
      {feetMode && message !== null && (
        <Text id={`${legendId}-problem`} c="red.9" size="sm">
          {message}
        </Text>
      )}
    </Stack>
  );
}

/** 'This answer is too long: 230 characters, and it holds 200. Shorten it to save it.' */
export function tooLongMessage(length: number, most: number): string {
  return `This answer is too long: ${String(length)} characters, and it holds ${String(most)}. Shorten it to save it.`;
}

function TextItem({ item, answers, onAnswer, error, onProblem }: ItemProps) {
  const [first] = answers;
  const [draft, setDraft] = useDraft(first && 'valueString' in first ? first.valueString : '');
  const most = item.maxLength ?? 2000;
  // No maxLength on the field: a browser cuts pasted text there without a word.
  const problem = draft.trim().length > most ? tooLongMessage(draft.trim().length, most) : null;
  useReportProblem(problem, onProblem);
  const props = {
    label: item.text,
    required: item.required === true,
    value: draft,
    error: problem ?? error,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = event.currentTarget.value;
      setDraft(next);
      if (next.trim().length > most) return;
      onAnswer(next.trim() === '' ? [] : [{ valueString: next.trim() }], { typing: true });
    },
  };
  return item.type === 'text' ? <Textarea rows={4} {...props} /> : <TextInput {...props} />;
}

export const INCOMPLETE_DATE_MESSAGE = 'Enter the whole date: month, day and year';

/**
 * The browser's date field. While a part of the date is missing the field has no value, so the
 * answer is cleared; leaving the field that way says so instead of dropping the date silently.
 */
function DateItem({ item, answers, onAnswer, error }: ItemProps) {
  const [first] = answers;
  const [incomplete, setIncomplete] = useState(false);
  return (
    <TextInput
      type="date"
      label={item.text}
      required={item.required === true}
      value={first && 'valueDate' in first ? first.valueDate : ''}
      error={incomplete ? INCOMPLETE_DATE_MESSAGE : error}
      styles={NARROW}
      onChange={(event) => {
        const input = event.currentTarget;
        if (!input.validity.badInput) setIncomplete(false);
        onAnswer(/^\d{4}-\d{2}-\d{2}$/.test(input.value) ? [{ valueDate: input.value }] : []);
      }}
      onBlur={(event) => {
        setIncomplete(event.currentTarget.validity.badInput);
      }}
    />
  );
}

/** A question of any type, in a wrapper that error links point at. */
export function SurveyItem(props: ItemProps) {
  const { item } = props;
  let input: React.ReactNode;
  switch (item.type) {
    case 'display':
      input = <Text>{item.text}</Text>;
      break;
    case 'boolean':
      input = <BooleanItem {...props} />;
      break;
    case 'choice':
      input = <ChoiceItem {...props} />;
      break;
    case 'open-choice':
      input = <OpenChoiceItem {...props} />;
      break;
    case 'integer':
    case 'decimal':
      input = <NumberItem {...props} />;
      break;
    case 'quantity':
      input = <QuantityItem {...props} />;
      break;
    case 'date':
      input = <DateItem {...props} />;
      break;
    case 'string':
    case 'text':
      input = <TextItem {...props} />;
      break;
    default:
      input = null;
  }
  return <div id={questionAnchor(item.linkId)}>{input}</div>;
}
