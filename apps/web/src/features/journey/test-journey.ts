import type { JourneyAnswer, JourneyStep, JourneyTest } from '@nestling/shared/contract/journey';

/** 2026-03-02 in unix seconds. */
export const PURCHASED = 1_772_409_600;

/** A step; the defaults make a step to do now. */
export function makeStep(step: Partial<JourneyStep> & Pick<JourneyStep, 'key'>): JourneyStep {
  return {
    title: step.key,
    state: 'current',
    detail: '',
    doneAt: null,
    link: null,
    ...step,
  };
}

/** A fresh couple purchase: the survey first, the partner invited but not joined. */
export function makeCoupleTest(test: Partial<JourneyTest> = {}): JourneyTest {
  return {
    id: 'account-1',
    kind: 'saliva',
    scope: 'couple',
    role: 'mother',
    name: 'Preconception Genetic Screening',
    purchaseDate: PURCHASED,
    purchaseOrderId: 'order-1',
    partner: { name: null, email: 'alex@example.test', joined: false },
    steps: [
      makeStep({
        key: 'purchased',
        title: 'Test purchased',
        state: 'done',
        detail: 'Bought on 3/2/2026',
        doneAt: PURCHASED,
        link: { to: '/order', search: { id: 'order-1' }, label: 'See your order' },
      }),
      makeStep({
        key: 'survey',
        title: 'Health survey',
        detail: 'You: not yet; your partner: not joined yet',
        link: { to: '/health-survey', label: 'Answer the survey' },
      }),
      makeStep({
        key: 'terms',
        title: 'Terms and HIPAA notice',
        detail: 'You: not yet; your partner: not joined yet',
        link: { to: '/review-terms', label: 'Review and accept' },
      }),
      makeStep({
        key: 'kit-activated',
        title: 'Kits activated',
        link: { to: '/activate', label: 'Activate your kit' },
      }),
      makeStep({
        key: 'partner-joined',
        title: 'Partner joined',
        state: 'waiting',
        detail: 'Waiting for alex@example.test to accept the invitation',
        link: { to: '/partner', label: 'Manage the invitation' },
      }),
      makeStep({
        key: 'sample-sent',
        title: 'Sample sent',
        state: 'todo',
        link: { to: '/return-shipping', label: 'How to send your sample' },
      }),
      makeStep({
        key: 'results',
        title: 'Results',
        state: 'todo',
        link: { to: '/results', label: 'Where your results stand' },
      }),
    ],
    results: {
      status: 'not-sent',
      sampleReceivedAt: null,
      expectedBy: PURCHASED + 31 * 86_400,
      turnaroundDays: 21,
      report: null,
    },
    ...test,
  };
}

/** The answer of GET /journey with these tests; the next step is the first 'current' one. */
export function makeJourney(tests: JourneyTest[] = [makeCoupleTest()]): JourneyAnswer {
  for (const test of tests) {
    const step = test.steps.find((entry) => entry.state === 'current');
    if (step !== undefined) return { tests, next: { testId: test.id, step } };
  }
  return { tests, next: null };
}
