import '@mantine/core/styles/NumberInput.css';
import {
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { AnswerValue } from '@nestling/shared/contract/health-survey';
import {
  EXTENSION,
  extensionNumber,
  itemUnit,
  type QuestionnaireItem,
} from '@nestling/shared/health-survey/questionnaires';
import { useState } from 'react';

/*
 * One renderer for every variant: each FHIR item type has its input here, and a survey page
 * is its section's items in order. Nothing is written per variant.
 */

export interface ItemProps {
  item: QuestionnaireItem;
  answers: AnswerValue[];
  onAnswer: (values: AnswerValue[], options?: { typing?: boolean }) => void;
  error?: string | undefined;
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

function OpenChoiceItem({ item, answers, onAnswer, error }: ItemProps) {
  const codes = answers.flatMap((answer) => codeOf(answer) ?? []);
  const other = answers.find((answer) => 'valueString' in answer);
  const [text, setText] = useDraft(other && 'valueString' in other ? other.valueString : '');
  const send = (nextCodes: string[], nextText: string, typing: boolean) => {
    onAnswer(
      [
        ...nextCodes.map((code) => codingAnswer(item, code)),
        ...(nextText.trim() === '' ? [] : [{ valueString: nextText.trim() }]),
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
        maxLength={200}
        onChange={(event) => {
          setText(event.currentTarget.value);
          send(codes, event.currentTarget.value, true);
        }}
      />
    </Stack>
  );
}

function NumberItem({ item, answers, onAnswer, error }: ItemProps) {
  const integer = item.type === 'integer';
  const [first] = answers;
  const stored =
    first && 'valueInteger' in first
      ? first.valueInteger
      : first && 'valueDecimal' in first
        ? first.valueDecimal
        : '';
  const [draft, setDraft] = useDraft<string | number>(stored);
  const min = extensionNumber(item, EXTENSION.minValue);
  const max = extensionNumber(item, EXTENSION.maxValue);
  const unit = itemUnit(item);
  const outOfRange =
    typeof draft === 'number' &&
    ((min !== undefined && draft < min) || (max !== undefined && draft > max));
  const rangeText =
    min !== undefined && max !== undefined
      ? `From ${String(min)} to ${String(max)}${unit ? ` ${unit}` : ''}`
      : undefined;
  return (
    <NumberInput
      label={unit ? `${item.text ?? ''} (${unit})` : item.text}
      description={rangeText}
      required={item.required === true}
      allowDecimal={!integer}
      allowNegative={false}
      decimalScale={integer ? 0 : 1}
      hideControls
      value={draft}
      styles={NARROW}
      error={outOfRange ? `Give a number from ${String(min)} to ${String(max)}` : error}
      onChange={(next) => {
        setDraft(next);
        if (next === '') onAnswer([], { typing: true });
        else if (typeof next === 'number') {
          const inRange = (min === undefined || next >= min) && (max === undefined || next <= max);
          // An out-of-range number is shown with its error and not sent until it is right.
          if (inRange) {
            onAnswer([integer ? { valueInteger: next } : { valueDecimal: next }], { typing: true });
          }
        }
      }}
    />
  );
}

function TextItem({ item, answers, onAnswer, error }: ItemProps) {
  const [first] = answers;
  const [draft, setDraft] = useDraft(first && 'valueString' in first ? first.valueString : '');
  const props = {
    label: item.text,
    required: item.required === true,
    value: draft,
    error,
    maxLength: item.maxLength,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = event.currentTarget.value;
      setDraft(next);
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
