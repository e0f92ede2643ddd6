import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import {
  SURVEY_NO_SEX,
  surveyMissingSchema,
  surveyPath,
  type Answers,
  type AnswerValue,
  type SurveyResponseAnswer,
} from '@nestling/shared/contract/health-survey';
import {
  describeQuantity,
  enabledItems,
  isAnswerable,
  isEnabled,
  missingRequired,
  quantityOf,
  type MissingAnswer,
} from '@nestling/shared/health-survey/answers';
import { ageOn } from '@nestling/shared/dates';
import {
  itemUnit,
  questionnaireFor,
  surveySections,
  type QuestionnaireItem,
  type SurveyVariant,
} from '@nestling/shared/health-survey/questionnaires';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../lib/api-context.tsx';
import { ApiError } from '../../lib/api.ts';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { pendingOrFailed } from '../../ui/page-status.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';
import { NextStepCard, journeyQueryKey } from '../journey/index.ts';
import { useCurrentUser } from '../session/index.ts';
import type { AutosaverSnapshot } from './autosaver.ts';
import { questionAnchor } from './survey-item.tsx';
import { SurveyProgress, SurveySection } from './survey-section.tsx';
import {
  downloadSurvey,
  healthSurveyQueryKey,
  submitSurvey,
  useAutosaver,
  useSurveyResponse,
  useSurveySummary,
} from './use-health-survey.ts';

export const REVIEW = 'review';
export const SAVE_STATUS_TEXT = {
  saving: 'Saving…',
  saved: 'Saved',
  retrying: 'Not saved yet — we’ll retry',
} as const;

/** 'Saving…' / 'Saved' / 'Not saved yet — we'll retry', read out politely. */
export function SaveStatus({ snapshot }: { snapshot: AutosaverSnapshot }) {
  const { state } = snapshot;
  let text = '';
  let color: string | undefined;
  if (state === 'saving') text = SAVE_STATUS_TEXT.saving;
  else if (state === 'saved') text = SAVE_STATUS_TEXT.saved;
  else if (state === 'retrying') {
    text = SAVE_STATUS_TEXT.retrying;
    color = 'red.9';
  } else if (state === 'needs-answers') {
    text = `Not saved yet — ${snapshot.message ?? ''}`;
    color = 'red.9';
  } else if (state === 'locked') text = snapshot.message ?? '';
  return (
    <Text role="status" aria-live="polite" size="sm" fw={600} c={color} mih="1.5em">
      {text}
    </Text>
  );
}

function describeAnswer(item: QuestionnaireItem, given: AnswerValue[]): string {
  return given
    .map((answer) => {
      if ('valueBoolean' in answer) return answer.valueBoolean ? 'Yes' : 'No';
      if ('valueCoding' in answer) return answer.valueCoding.display ?? answer.valueCoding.code;
      if ('valueInteger' in answer || 'valueDecimal' in answer) {
        // A height or weight answered before the survey took units reads in its first unit.
        const quantity = quantityOf(item, answer);
        if (item.type === 'quantity' && quantity !== null) return describeQuantity(quantity);
        const value = 'valueInteger' in answer ? answer.valueInteger : answer.valueDecimal;
        const unit = itemUnit(item);
        return unit ? `${String(value)} ${unit}` : String(value);
      }
      if ('valueDate' in answer) return answer.valueDate;
      if ('valueQuantity' in answer) {
        const quantity = quantityOf(item, answer);
        return quantity === null ? String(answer.valueQuantity.value) : describeQuantity(quantity);
      }
      return answer.valueString;
    })
    .join(', ');
}

/**
 * Moves focus to a question's first field (and it into view): where an error link leads, the
 * person can answer at once, and a screen reader reads the question.
 */
export function focusQuestion(linkId: string): boolean {
  const wrapper = document.getElementById(questionAnchor(linkId));
  // The answer's own box, not the choice of unit beside a height or weight.
  const field = [
    ...(wrapper?.querySelectorAll<HTMLElement>(
      'input:not([type=hidden]):not(:disabled), textarea:not(:disabled), [role=combobox]',
    ) ?? []),
  ].find((element) => element.closest('[data-unit-choice]') === null);
  if (!field) return false;
  // A radio group is entered at its checked radio, as the keyboard would.
  const checked = wrapper?.querySelector<HTMLElement>('input[type=radio]:checked');
  (field.getAttribute('type') === 'radio' && checked ? checked : field).focus();
  wrapper?.scrollIntoView({ block: 'center' });
  return true;
}

/** The links of an error summary: each missing question on its page. */
function MissingList({ missing, to }: { missing: MissingAnswer[]; to: string }) {
  return (
    <List>
      {missing.map((item) => (
        <List.Item key={item.linkId}>
          <AnchorLink
            to={to}
            search={{ section: item.section, check: '1' }}
            hash={questionAnchor(item.linkId)}
          >
            {item.text}
          </AnchorLink>
        </List.Item>
      ))}
    </List>
  );
}

/** Links to questions on this page: each moves focus to its field. */
function QuestionLinks({ questions }: { questions: { linkId: string; text: string }[] }) {
  return (
    <List>
      {questions.map((question) => (
        <List.Item key={question.linkId}>
          <Anchor
            href={`#${questionAnchor(question.linkId)}`}
            onClick={(event) => {
              if (focusQuestion(question.linkId)) event.preventDefault();
            }}
          >
            {question.text}
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}

function Review({
  variant,
  answers,
  editable,
  completed,
  onSubmit,
  submitting,
  refused,
  justSubmitted,
}: {
  variant: SurveyVariant;
  answers: Answers;
  editable: boolean;
  completed: boolean;
  onSubmit: () => void;
  submitting: boolean;
  refused: MissingAnswer[] | null;
  /** Submitted on this visit: what comes next is shown under the thanks. */
  justSubmitted: boolean;
}) {
  const questionnaire = questionnaireFor(variant);
  const to = surveyPath(variant);
  const missing = missingRequired(questionnaire, answers);
  const api = useApi();
  const asUser = useViewAs();
  return (
    <Stack gap="lg">
      <Title order={2}>Review your answers</Title>
      {refused !== null && refused.length > 0 && (
        <Alert color="red" title="Some questions still need an answer" role="alert">
          <MissingList missing={refused} to={to} />
        </Alert>
      )}
      {surveySections(questionnaire)
        .filter((section) => isEnabled(section, answers))
        .map((section) => (
          <Stack
            key={section.linkId}
            gap="xs"
            component="section"
            aria-labelledby={`review-${section.linkId}`}
          >
            <Group justify="space-between">
              <Title order={3} id={`review-${section.linkId}`}>
                {section.text}
              </Title>
              {editable && (
                <AnchorLink
                  to={to}
                  search={{ section: section.linkId }}
                  aria-label={`Change ${section.text ?? ''}`}
                >
                  Change
                </AnchorLink>
              )}
            </Group>
            <dl>
              {enabledItems(section.item, answers)
                .filter(isAnswerable)
                .map((item) => (
                  <div key={item.linkId}>
                    <Text component="dt" fw={600} size="sm">
                      {item.text}
                    </Text>
                    <Text component="dd" ms={0} mb="xs">
                      {(answers[item.linkId] ?? []).length > 0
                        ? describeAnswer(item, answers[item.linkId] ?? [])
                        : item.required
                          ? 'Not answered yet'
                          : 'No answer'}
                    </Text>
                  </div>
                ))}
            </dl>
          </Stack>
        ))}
      {completed && (
        <Alert color="green" title="Your health survey is submitted">
          Thank you. {editable ? 'You can still change an answer until your report is issued.' : ''}
        </Alert>
      )}
      {completed && justSubmitted && <NextStepCard />}
      <Group>
        {editable && !completed && (
          <Button onClick={onSubmit} loading={submitting} disabled={asUser !== undefined}>
            Submit survey
          </Button>
        )}
        {editable && !completed && missing.length > 0 && refused === null && (
          <Text size="sm">{`${String(missing.length)} required ${missing.length === 1 ? 'question is' : 'questions are'} still unanswered.`}</Text>
        )}
        <Button variant="default" onClick={() => void downloadSurvey(api, variant, asUser)}>
          Download answers (FHIR JSON)
        </Button>
      </Group>
    </Stack>
  );
}

function SurveyForm({
  variant,
  userId,
  initial,
  section,
  check,
  ageNow,
}: {
  variant: SurveyVariant;
  userId: string;
  initial: SurveyResponseAnswer;
  section: string | undefined;
  check: boolean;
  ageNow: number | null;
}) {
  const asUser = useViewAs();
  const readOnly = asUser !== undefined || !initial.editable;
  const { saver, snapshot } = useAutosaver(variant, userId, initial);
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const questionnaire = questionnaireFor(variant);
  const { answers } = snapshot;
  const sections = useMemo(
    () => surveySections(questionnaire).filter((group) => isEnabled(group, answers)),
    [questionnaire, answers],
  );
  const locked = readOnly || snapshot.state === 'locked';
  const requested = section ?? snapshot.server.currentPage ?? sections[0]?.linkId ?? REVIEW;
  const page = locked ? REVIEW : requested;
  const index = page === REVIEW ? sections.length : sections.findIndex((g) => g.linkId === page);
  const current = sections[index];
  const [submitting, setSubmitting] = useState(false);
  const [refused, setRefused] = useState<MissingAnswer[] | null>(null);
  const [status, setStatus] = useState(snapshot.server.status);
  const [justSubmitted, setJustSubmitted] = useState(false);
  /** Questions on this page whose typing cannot be saved yet, with why. */
  const [problems, setProblems] = useState<ReadonlyMap<string, string>>(new Map());
  /** What 'Next' or 'Back' found on this page: answers to fix, or questions left open. */
  const [stoppedAt, setStoppedAt] = useState<{
    page: string;
    why: 'problems' | 'missing';
  } | null>(null);
  // A new page starts clean.
  const stopped = stoppedAt?.page === page ? stoppedAt.why : null;
  const setStopped = (why: 'problems' | 'missing') => {
    setStoppedAt({ page, why });
  };
  const stoppedRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!locked) saver.setPage(page);
  }, [saver, page, locked]);

  // An error link's question (#q-...) gets the focus.
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    if (hash.startsWith('q-')) focusQuestion(hash.slice(2));
  }, [page]);

  useEffect(() => {
    if (stopped !== null) stoppedRef.current?.focus();
  }, [stopped]);

  // One reporter per question, kept, so that a field's effect does not run on every render.
  const problemReporters = useRef(new Map<string, (problem: string | null) => void>());
  const reporterFor = useCallback((linkId: string) => {
    let reporter = problemReporters.current.get(linkId);
    if (reporter === undefined) {
      reporter = (problem: string | null) => {
        setProblems((before) => {
          if ((before.get(linkId) ?? null) === problem) return before;
          const next = new Map(before);
          if (problem === null) next.delete(linkId);
          else next.set(linkId, problem);
          return next;
        });
      };
      problemReporters.current.set(linkId, reporter);
    }
    return reporter;
  }, []);

  /** The required questions of this page still open. */
  const openHere = useMemo(
    () =>
      current === undefined
        ? []
        : enabledItems(current.item, answers)
            .filter((item) => item.required && isAnswerable(item))
            .filter(
              (item) => (answers[item.linkId] ?? []).length === 0 && !problems.has(item.linkId),
            )
            .map((item) => ({ linkId: item.linkId, text: item.text ?? item.linkId })),
    [current, answers, problems],
  );

  const missingHere = useMemo(
    () =>
      new Set(
        stopped === 'missing'
          ? openHere.map((item) => item.linkId)
          : check || snapshot.state === 'needs-answers'
            ? [
                ...missingRequired(questionnaire, answers).map((item) => item.linkId),
                ...snapshot.missing,
              ]
            : [],
      ),
    [check, snapshot.state, snapshot.missing, questionnaire, answers, stopped, openHere],
  );

  /** Leaves the page, unless a field holds typing that would be lost or, going on, a question is open. */
  const leave = (target: string, forward: boolean) => {
    if (problems.size > 0) {
      setStopped('problems');
      stoppedRef.current?.focus();
      return;
    }
    if (forward && openHere.length > 0 && stopped !== 'missing') {
      setStopped('missing');
      stoppedRef.current?.focus();
      return;
    }
    go(target);
  };

  const go = (target: string) => {
    void navigate({ to: surveyPath(variant), search: { section: target } });
    window.scrollTo(0, 0);
  };

  const submit = async () => {
    setSubmitting(true);
    setRefused(null);
    try {
      await saver.flush();
      const done = await submitSurvey(api, variant);
      setStatus(done.status);
      setJustSubmitted(true);
      // The flag, and the journey that reads it.
      await queryClient.invalidateQueries({ queryKey: ['user'] });
      await queryClient.invalidateQueries({ queryKey: healthSurveyQueryKey });
      await queryClient.invalidateQueries({ queryKey: journeyQueryKey(undefined) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const body = surveyMissingSchema.safeParse(error.body);
        setRefused(body.success ? body.data.missing : []);
      } else {
        setRefused([]);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <SurveyProgress index={index < 0 ? 0 : index} count={sections.length} />
        {!readOnly && <SaveStatus snapshot={snapshot} />}
      </Group>
      {readOnly && asUser === undefined && (
        <Alert color="gray" title="Your survey can no longer be changed">
          {snapshot.message ??
            'A report has been issued for you, so your answers are kept as they were. Contact support to correct an answer.'}
        </Alert>
      )}
      {current === undefined || page === REVIEW ? (
        <Review
          variant={variant}
          answers={answers}
          editable={!locked}
          completed={status === 'completed' || snapshot.server.status === 'completed'}
          onSubmit={() => void submit()}
          submitting={submitting}
          refused={refused}
          justSubmitted={justSubmitted}
        />
      ) : (
        <>
          <div ref={stoppedRef} tabIndex={-1}>
            {stopped === 'problems' && problems.size > 0 && (
              <Alert color="red" title="Fix the answers marked below before you go on" role="alert">
                <Stack gap="xs">
                  <Text>They are not saved yet. Correct them, or clear them to answer later.</Text>
                  <QuestionLinks
                    questions={[...problems.keys()].map((linkId) => ({
                      linkId,
                      text: current.item?.find((item) => item.linkId === linkId)?.text ?? linkId,
                    }))}
                  />
                </Stack>
              </Alert>
            )}
            {stopped === 'missing' && problems.size === 0 && openHere.length > 0 && (
              <Alert
                color="orange"
                title={`${String(openHere.length)} ${openHere.length === 1 ? 'question on this page needs an answer' : 'questions on this page need an answer'}`}
                role="alert"
              >
                <Stack gap="xs">
                  <QuestionLinks questions={openHere} />
                  <Text>Answer now, or go on and come back to them before you submit.</Text>
                </Stack>
              </Alert>
            )}
          </div>
          <SurveySection
            section={current}
            answers={answers}
            missing={missingHere}
            ageNow={ageNow}
            reporterFor={reporterFor}
            onAnswer={(linkId, values, options) => {
              saver.setAnswer(linkId, values, options);
            }}
          />
          <Group>
            {index > 0 && (
              <Button
                variant="default"
                onClick={() => {
                  leave(sections[index - 1]?.linkId ?? REVIEW, false);
                }}
              >
                Back
              </Button>
            )}
            <Button
              onClick={() => {
                leave(sections[index + 1]?.linkId ?? REVIEW, true);
              }}
            >
              {stopped === 'missing' && problems.size === 0 && openHere.length > 0
                ? 'Go on without them'
                : index + 1 < sections.length
                  ? 'Next'
                  : 'Review answers'}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** The person's age today from their profile's birthday; null while a part is missing. */
function ageOfBirthday(birthday: {
  Month: number | null;
  Day: number | null;
  Year: number | null;
}) {
  const { Month: month, Day: day, Year: year } = birthday;
  return month === null || day === null || year === null
    ? null
    : ageOn({ month, day, year }, new Date());
}

/** A survey route that is not the person's: which one is theirs, with a link. */
function NotYours({ own }: { own: SurveyVariant | null }) {
  if (own === null) {
    return (
      <Alert color="gray" title="Complete your profile first">
        <Stack gap="xs">
          <Text>{SURVEY_NO_SEX}</Text>
          <AnchorLink to="/signup/step-1">Complete your profile</AnchorLink>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="gray" title="This is not your health survey">
      <Stack gap="xs">
        <Text>This survey is for someone else. Yours is the {questionnaireFor(own).title}.</Text>
        <Anchor href={surveyPath(own)}>Go to your health survey</Anchor>
      </Stack>
    </Alert>
  );
}

/** /saliva|pgt/health-survey/mother|father: the person's survey, a page per section. */
export function SurveyPage({
  variant,
  section,
  check,
}: {
  variant: SurveyVariant;
  section: string | undefined;
  check: boolean;
}) {
  const user = useCurrentUser();
  const summary = useSurveySummary();
  const response = useSurveyResponse(variant);
  const title = questionnaireFor(variant).title ?? 'Health survey';
  let body: React.ReactNode;
  if (summary.isPending || summary.isError) body = pendingOrFailed(summary, 'your health survey');
  else if (summary.data.choice.variant !== variant) {
    body = <NotYours own={summary.data.choice.variant} />;
  } else if (response.isPending || response.isError) {
    body = pendingOrFailed(response, 'your answers');
  } else if (user.data === undefined) body = pendingOrFailed(user, 'your account');
  else {
    body = (
      <SurveyForm
        variant={variant}
        userId={user.data.id}
        initial={response.data}
        section={section}
        check={check}
        ageNow={ageOfBirthday(user.data.birthday)}
      />
    );
  }
  return (
    <>
      <PageHeading
        title={title}
        lead="Every answer is saved as you give it. You can stop at any time and carry on later, on any device."
      />
      {body}
    </>
  );
}
