import { fireEvent, screen } from '@testing-library/react';
import type { QuestionnaireItem } from '@nestling/shared/health-survey/questionnaires';
import type { AnswerValue } from '@nestling/shared/contract/health-survey';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { INCOMPLETE_DATE_MESSAGE, SurveyItem } from './survey-item.tsx';

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

/** The question as the survey page holds it: the answer given is the one shown. */
function Answered({ onAnswer }: { onAnswer: (values: AnswerValue[]) => void }) {
  const [answers, setAnswers] = useState<AnswerValue[]>([]);
  return (
    <SurveyItem
      item={retrieval}
      answers={answers}
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
    await renderWithRouter(<Answered onAnswer={onAnswer} />);
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
