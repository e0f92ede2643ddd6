import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  Answers,
  SurveyResponseAnswer,
  SurveySummary,
} from '@nestling/shared/contract/health-survey';
import { answersOf, buildResponse } from '@nestling/shared/health-survey/answers';
import { questionnaireFor } from '@nestling/shared/health-survey/questionnaires';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { SAVE_STATUS_TEXT, SurveyPage } from './survey-page.tsx';
import { ANSWER_THIS } from './survey-section.tsx';

const user = makeUser({ healthSurveyStatus: null });

const summary: SurveySummary = {
  choice: { variant: 'saliva-mother', program: 'saliva', role: 'mother' },
  status: 'in-progress',
  done: false,
  editable: true,
  started: [],
};

function storedResponse(revision: number, answers = {}): SurveyResponseAnswer {
  return {
    variant: 'saliva-mother',
    status: revision === 0 ? 'not-started' : 'in-progress',
    revision,
    currentPage: 'personal-history',
    editable: true,
    response: buildResponse(questionnaireFor('saliva-mother'), answers, {
      id: 'r1',
      status: 'in-progress',
      authored: '2026-03-02T10:00:00.000Z',
      subject: user.id,
    }),
  };
}

async function setup(
  ui: React.ReactNode,
  routes: Record<string, RouteHandler> = {},
  { answers = {}, path = '/saliva/health-survey/mother' } = {},
) {
  localStorage.clear();
  setAuthToken('patient-token');
  const services = createTestServices({ user });
  // A server that keeps what it is sent.
  let stored = storedResponse(1, answers);
  const calls = answerRoutes(services, {
    'GET /api/health-survey': () => Response.json(summary),
    'GET /api/health-survey/saliva-mother/response': () => Response.json(stored),
    'PUT /api/health-survey/saliva-mother/response': (body) => {
      const request = body as { answers: Answers };
      stored = storedResponse(stored.revision + 1, {
        ...answersOf(stored.response),
        ...request.answers,
      });
      return Response.json(stored);
    },
    ...routes,
  });
  const rendered = await renderWithRouter(ui, { path, user, services });
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('the health survey page', () => {
  it('opens where the person left off, with the section’s progress', async () => {
    const { container } = await setup(
      <SurveyPage variant="saliva-mother" section={undefined} check={false} />,
    );
    expect(await screen.findByRole('heading', { name: 'Your health' })).toBeInTheDocument();
    expect(screen.getByText('Section 2 of 5')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('shows a follow-up question only after the answer it depends on, and saves at once', async () => {
    const { calls, user: person } = await setup(
      <SurveyPage variant="saliva-mother" section="personal-history" check={false} />,
    );
    const question = await screen.findByRole('radiogroup', {
      name: /diagnosed with type 2 diabetes/,
    });
    const age = /How old were you when you were diagnosed with type 2 diabetes/;
    expect(screen.queryByLabelText(age)).not.toBeInTheDocument();
    await person.click(within(question).getByRole('radio', { name: 'Yes' }));
    expect(await screen.findByLabelText(age)).toBeInTheDocument();
    expect(await screen.findByText(SAVE_STATUS_TEXT.saved)).toBeInTheDocument();
    const put = calls.find((call) => call.key === 'PUT /api/health-survey/saliva-mother/response');
    expect(put?.body).toMatchObject({
      revision: 1,
      answers: { 'self-t2d': [{ valueBoolean: true }] },
    });
    await person.click(within(question).getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText(age)).not.toBeInTheDocument();
  });

  it('says an answer is not saved yet when the save fails, and keeps it in this browser', async () => {
    const { user: person } = await setup(
      <SurveyPage variant="saliva-mother" section="personal-history" check={false} />,
      { 'PUT /api/health-survey/saliva-mother/response': () => Response.error() },
    );
    const question = await screen.findByRole('radiogroup', {
      name: /diagnosed with childhood asthma/,
    });
    await person.click(within(question).getByRole('radio', { name: 'No' }));
    expect(await screen.findByText(SAVE_STATUS_TEXT.retrying)).toBeInTheDocument();
    const kept = JSON.parse(
      localStorage.getItem(`nestling.health-survey.${user.id}.saliva-mother`) ?? '{}',
    ) as { answers: Record<string, unknown> };
    expect(kept.answers['self-asthma']).toEqual([{ valueBoolean: false }]);
  });

  it('reviews the answers by section with Change links and names what is missing', async () => {
    await setup(
      <SurveyPage variant="saliva-mother" section="review" check={false} />,
      {},
      { answers: { height: [{ valueInteger: 64 }] } },
    );
    expect(await screen.findByRole('heading', { name: 'Review your answers' })).toBeInTheDocument();
    expect(screen.getByText('5 ft 4 in')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change About you' })).toHaveAttribute(
      'href',
      '/saliva/health-survey/mother?section=about',
    );
    expect(screen.getByText(/required questions are still unanswered/)).toBeInTheDocument();
  });

  it('hints at the questions left open on Next, each link taking focus to its field, and goes on when asked', async () => {
    const { user: person, router } = await setup(
      <SurveyPage variant="saliva-mother" section="about" check={false} />,
    );
    expect(await screen.findByRole('heading', { name: 'About you' })).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('3 questions on this page need an answer');
    expect(screen.getByRole('heading', { name: 'About you' })).toBeInTheDocument();
    expect(screen.getAllByText(ANSWER_THIS)).toHaveLength(3);
    await person.click(within(alert).getByRole('link', { name: 'Weight' }));
    expect(screen.getByLabelText('Weight in pounds')).toHaveFocus();
    await person.click(screen.getByRole('button', { name: 'Go on without them' }));
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ section: 'personal-history' });
    });
  });

  it('stops Next at an answer that cannot be saved, so it is not left behind', async () => {
    const { user: person } = await setup(
      <SurveyPage variant="saliva-mother" section="about" check={false} />,
    );
    await person.type(await screen.findByLabelText('Weight in pounds'), '9999');
    await person.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Fix the answers marked below before you go on');
    expect(within(alert).getByRole('link', { name: 'Weight' })).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'About you' })).toBeInTheDocument();
    expect(screen.getByLabelText('Weight in pounds')).toHaveValue('9999');
  });

  it('on another variant’s route, points to the person’s own survey', async () => {
    await setup(<SurveyPage variant="pgt-father" section={undefined} check={false} />);
    expect(await screen.findByText('This is not your health survey')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your health survey' })).toHaveAttribute(
      'href',
      '/saliva/health-survey/mother',
    );
  });
});
