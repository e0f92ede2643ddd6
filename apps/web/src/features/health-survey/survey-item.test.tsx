import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ownAgeMessage } from '@nestling/shared/health-survey/answers';
import {
  allItems,
  questionnaireFor,
  UCUM,
  type QuestionnaireItem,
} from '@nestling/shared/health-survey/questionnaires';
import type { AnswerValue } from '@nestling/shared/contract/health-survey';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { INCOMPLETE_DATE_MESSAGE, SurveyItem, tooLongMessage } from './survey-item.tsx';

const retrieval: QuestionnaireItem = {
  linkId: 'ivf-last-retrieval',
  text: 'Date of the most recent egg retrieval',
  type: 'date',
  required: false,
};

/** jsdom's date fields never hold a half-typed date: the browser's flag is set by hand. */
function setBadInput(input: HTMLElement, badInput: boolean) {
  Object.defineProperty(input, 'validity', { configurable: true, value: { badInput } });
}

/** A question as the page holds it, telling what it saves and what it cannot save yet. */
function Question({
  item,
  onAnswer,
  onProblem,
  ageNow = null,
}: {
  item: QuestionnaireItem;
  onAnswer: (values: AnswerValue[]) => void;
  onProblem: (problem: string | null) => void;
  ageNow?: number | null;
}) {
  const [answers, setAnswers] = useState<AnswerValue[]>([]);
  return (
    <SurveyItem
      item={item}
      answers={answers}
      ageNow={ageNow}
      onProblem={onProblem}
      onAnswer={(values) => {
        setAnswers(values);
        onAnswer(values);
      }}
    />
  );
}

describe('a date question', () => {
  it('saves a whole date, and says so when a part is left out instead of dropping it silently', async () => {
    const onAnswer = vi.fn();
    await renderWithRouter(<Question item={retrieval} onAnswer={onAnswer} onProblem={vi.fn()} />);
    const field = screen.getByLabelText('Date of the most recent egg retrieval');

    fireEvent.change(field, { target: { value: '2026-03-14' } });
    expect(onAnswer).toHaveBeenLastCalledWith([{ valueDate: '2026-03-14' }]);

    // The month and day typed, the year not: the browser gives no value.
    setBadInput(field, true);
    fireEvent.change(field, { target: { value: '' } });
    expect(onAnswer).toHaveBeenLastCalledWith([]);
    expect(screen.queryByText(INCOMPLETE_DATE_MESSAGE)).toBeNull();
    fireEvent.blur(field);
    expect(field).toHaveAccessibleDescription(INCOMPLETE_DATE_MESSAGE);
    expect(field).toHaveAttribute('aria-invalid', 'true');

    // Completed, the message goes.
    setBadInput(field, false);
    fireEvent.change(field, { target: { value: '2026-03-15' } });
    expect(screen.queryByText(INCOMPLETE_DATE_MESSAGE)).toBeNull();
    expect(onAnswer).toHaveBeenLastCalledWith([{ valueDate: '2026-03-15' }]);
  });

  it("shows the server's message about the date it was given", async () => {
    await renderWithRouter(
      <SurveyItem
        item={retrieval}
        answers={[{ valueDate: '2026-04-30' }]}
        onAnswer={vi.fn()}
        error="April has 30 days"
      />,
    );
    expect(
      screen.getByLabelText('Date of the most recent egg retrieval'),
    ).toHaveAccessibleDescription('April has 30 days');
  });
});

const aboutYou = questionnaireFor('saliva-mother').item?.find((item) => item.linkId === 'about');
const itemOf = (linkId: string) => {
  const found = allItems(questionnaireFor('saliva-mother').item).find(
    (item) => item.linkId === linkId,
  );
  if (found === undefined) throw new Error(linkId);
  return found;
};

describe('height and weight', () => {
  it('are asked about you', () => {
    expect(aboutYou?.item?.map((item) => item.type).slice(0, 2)).toEqual(['quantity', 'quantity']);
  });

  it('take feet and inches as typed, 5\'5" split where the person sees it, and halves of an inch', async () => {
    const onAnswer = vi.fn();
    await renderWithRouter(
      <Question item={itemOf('height')} onAnswer={onAnswer} onProblem={vi.fn()} />,
    );
    const feet = screen.getByLabelText('Feet');
    fireEvent.change(feet, { target: { value: `5'5"` } });
    expect(feet).toHaveValue('5');
    expect(screen.getByLabelText('Inches')).toHaveValue('5');
    expect(onAnswer).toHaveBeenLastCalledWith([
      { valueQuantity: { value: 65, unit: 'in', system: UCUM, code: '[in_i]' } },
    ]);
    fireEvent.change(screen.getByLabelText('Inches'), { target: { value: '5.5' } });
    expect(onAnswer).toHaveBeenLastCalledWith([
      { valueQuantity: { value: 65.5, unit: 'in', system: UCUM, code: '[in_i]' } },
    ]);
    // Out of range: said for the whole question, the boxes marked, nothing sent.
    onAnswer.mockClear();
    fireEvent.change(feet, { target: { value: '9' } });
    expect(screen.getByRole('group', { name: /^Height/ })).toHaveAccessibleDescription(
      'Give a height from 3 ft to 8 ft',
    );
    expect(feet).toHaveAttribute('aria-invalid', 'true');
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('keep centimeters in centimeters', async () => {
    const onAnswer = vi.fn();
    const person = userEvent.setup();
    await renderWithRouter(
      <Question item={itemOf('height')} onAnswer={onAnswer} onProblem={vi.fn()} />,
    );
    await person.click(screen.getByRole('radio', { name: 'Centimeters' }));
    fireEvent.change(screen.getByLabelText('Height in centimeters'), { target: { value: '170' } });
    expect(onAnswer).toHaveBeenLastCalledWith([
      { valueQuantity: { value: 170, unit: 'cm', system: UCUM, code: 'cm' } },
    ]);
  });

  it('say at the field that 9999 lb is out of range, keep the typing and send nothing', async () => {
    const onAnswer = vi.fn();
    const onProblem = vi.fn();
    await renderWithRouter(
      <Question item={itemOf('weight')} onAnswer={onAnswer} onProblem={onProblem} />,
    );
    const pounds = screen.getByLabelText('Weight in pounds');
    fireEvent.change(pounds, { target: { value: '9999' } });
    expect(pounds).toHaveValue('9999');
    expect(pounds).toHaveAccessibleDescription('Give a number from 50 to 700 lb');
    expect(onAnswer).not.toHaveBeenCalled();
    expect(onProblem).toHaveBeenLastCalledWith('Give a number from 50 to 700 lb');
  });
});

describe('numbers and text', () => {
  it('say what is wrong with a number instead of dropping characters', async () => {
    const onAnswer = vi.fn();
    await renderWithRouter(
      <Question item={itemOf('pregnancies')} onAnswer={onAnswer} onProblem={vi.fn()} />,
    );
    const field = screen.getByLabelText(/How many times have you been pregnant/);
    fireEvent.change(field, { target: { value: '2a' } });
    expect(field).toHaveValue('2a');
    expect(screen.getByText('Give a number in digits, like 12')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '2.5' } });
    expect(screen.getByText('Give a whole number, like 12')).toBeInTheDocument();
    expect(onAnswer).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '2' } });
    expect(onAnswer).toHaveBeenLastCalledWith([{ valueInteger: 2 }]);
  });

  it('refuse an age at diagnosis older than the person, and 45 for childhood asthma', async () => {
    const onAnswer = vi.fn();
    const { unmount } = await renderWithRouter(
      <Question
        item={itemOf('self-t2d-age')}
        onAnswer={onAnswer}
        onProblem={vi.fn()}
        ageNow={34}
      />,
    );
    fireEvent.change(screen.getByLabelText(/How old were you/), { target: { value: '40' } });
    expect(screen.getByText(ownAgeMessage(34))).toBeInTheDocument();
    expect(onAnswer).not.toHaveBeenCalled();
    unmount();
    await renderWithRouter(
      <Question item={itemOf('self-asthma-age')} onAnswer={onAnswer} onProblem={vi.fn()} />,
    );
    fireEvent.change(screen.getByLabelText(/How old were you/), { target: { value: '45' } });
    expect(screen.getByText('Give a number from 0 to 17')).toBeInTheDocument();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('keep text over its limit whole, say so, and save nothing until it fits', async () => {
    const onAnswer = vi.fn();
    const onProblem = vi.fn();
    const clinic: QuestionnaireItem = {
      linkId: 'ivf-clinic',
      text: 'IVF clinic',
      type: 'string',
      maxLength: 200,
    };
    await renderWithRouter(<Question item={clinic} onAnswer={onAnswer} onProblem={onProblem} />);
    const field = screen.getByLabelText('IVF clinic');
    const long = 'x'.repeat(230);
    fireEvent.change(field, { target: { value: long } });
    expect(field).toHaveValue(long);
    expect(field).toHaveAccessibleDescription(tooLongMessage(230, 200));
    expect(onAnswer).not.toHaveBeenCalled();
    expect(onProblem).toHaveBeenLastCalledWith(tooLongMessage(230, 200));
    fireEvent.change(field, { target: { value: 'x'.repeat(200) } });
    expect(onAnswer).toHaveBeenLastCalledWith([{ valueString: 'x'.repeat(200) }]);
    expect(onProblem).toHaveBeenLastCalledWith(null);
  });
});
