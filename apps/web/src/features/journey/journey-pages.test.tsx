import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes } from '../../test/fetch-routes.ts';
import { makeUser, testConfig } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import type { JourneyAnswer } from '@nestling/shared/contract/journey';
import {
  JourneyStepPage,
  PgtJourneyPage,
  ResultsPage,
  RoleJourneyPage,
  SalivaJourneyPage,
} from './journey-pages.tsx';
import { makeCoupleTest, makeJourney, makeStep, PURCHASED } from './test-journey.ts';

const user = makeUser({ id: 'jo', email: 'jo@example.test' });

async function setup(ui: ReactNode, answer: JourneyAnswer, path = '/saliva') {
  setAuthToken('patient-token');
  const services = createTestServices({ user });
  const calls = answerRoutes(services, { 'GET /api/journey': () => Response.json(answer) });
  const rendered = await renderWithRouter(ui, { path, user, services });
  return { ...rendered, calls };
}

/** Each item's text, in order. */
function items(name: string): string[] {
  return within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the journey checklist on /saliva', () => {
  it('lists every step in order, its state in words, its detail and the way to do it', async () => {
    const { container, calls } = await setup(<SalivaJourneyPage />, makeJourney());
    const list = await screen.findByRole('list', { name: 'Preconception Genetic Screening' });
    expect(items('Preconception Genetic Screening')).toEqual([
      'Test purchasedDone on 3/2/2026Bought on 3/2/2026See your order',
      'Health surveyTo do nowYou: not yet; your partner: not joined yetAnswer the survey',
      'Terms and HIPAA noticeTo do nowYou: not yet; your partner: not joined yetReview and accept',
      'Kits activatedTo do nowActivate your kit',
      'Partner joinedWaitingWaiting for alex@example.test to accept the invitationManage the invitation',
      'Sample sentLaterHow to send your sample',
      'ResultsLaterWhere your results stand',
    ]);
    expect(list.tagName).toBe('OL');
    expect(within(list).getByRole('link', { name: 'See your order' })).toHaveAttribute(
      'href',
      '/order?id=order-1',
    );
    expect(within(list).getByRole('link', { name: 'Answer the survey' })).toHaveAttribute(
      'href',
      '/health-survey',
    );
    expect(within(list).getByRole('link', { name: 'How to send your sample' })).toHaveAttribute(
      'href',
      '/return-shipping',
    );
    expect(screen.getByText('Bought on 3/2/2026; you are the mother, with alex@example.test'));
    expect(calls.map((call) => call.key)).toEqual(['GET /api/journey']);
    await expectNoAxeViolations(container);
  });

  it('says what a step waits on beside its icon when the server says it', async () => {
    const test = makeCoupleTest();
    const steps = test.steps.map((step) =>
      step.key === 'survey'
        ? {
            ...step,
            state: 'waiting' as const,
            stateLabel: 'You: done; waiting for Alex',
            detail: 'You: done; Alex: not yet. Waiting for Alex to answer their survey',
            link: null,
          }
        : step,
    );
    await setup(<SalivaJourneyPage />, makeJourney([{ ...test, steps }]));
    await screen.findByRole('list', { name: 'Preconception Genetic Screening' });
    expect(items('Preconception Genetic Screening')[1]).toBe(
      'Health surveyYou: done; waiting for AlexYou: done; Alex: not yet. Waiting for Alex to answer their survey',
    );
  });

  it('offers to buy a test to someone without one', async () => {
    await setup(<SalivaJourneyPage />, makeJourney([]));
    expect(await screen.findByRole('link', { name: 'Buy a couple test' })).toHaveAttribute(
      'href',
      '/purchase',
    );
  });

  it('shows an admin viewing as the patient the steps without the buttons to act', async () => {
    setAuthToken('staff-token');
    const services = createTestServices({ user });
    const calls = answerRoutes(services, {
      'GET /api/journey': () => Response.json(makeJourney()),
    });
    await renderWithRouter(<SalivaJourneyPage />, {
      path: '/saliva?as_user=jo@example.test',
      user,
      services,
    });
    await screen.findByRole('list', { name: 'Preconception Genetic Screening' });
    expect(screen.queryByRole('link', { name: 'Answer the survey' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your order' })).toBeInTheDocument();
    expect(calls[0]?.url.searchParams.get('asUser')).toBe('jo@example.test');
  });
});

describe('the other journey pages', () => {
  it('/step-1 and /step-2 show their two steps of each test', async () => {
    const { unmount } = await setup(<JourneyStepPage step={1} />, makeJourney(), '/step-1');
    await screen.findByRole('heading', { name: 'Step 1: your health survey and the terms' });
    expect(
      within(await screen.findByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Health survey/),
      expect.stringMatching(/^Terms and HIPAA notice/),
    ]);
    unmount();
    await setup(<JourneyStepPage step={2} />, makeJourney(), '/step-2');
    expect(
      within(await screen.findByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/^Kits activated/), expect.stringMatching(/^Partner joined/)]);
  });

  it('/results says where each test stands, with US dates, and links a ready report', async () => {
    const received = PURCHASED + 14 * 86_400;
    const waiting = makeCoupleTest({
      results: {
        status: 'sample-received',
        sampleReceivedAt: received,
        expectedBy: received + 21 * 86_400,
        turnaroundDays: 21,
        report: null,
      },
    });
    const ready = makeCoupleTest({
      id: 'account-2',
      name: 'Preconception Genetic Screening - 30x',
      results: {
        status: 'ready',
        sampleReceivedAt: received,
        expectedBy: null,
        turnaroundDays: 21,
        report: { id: 'report-9', kind: 'joint' },
      },
    });
    const { container } = await setup(<ResultsPage />, makeJourney([waiting, ready]), '/results');
    expect(
      await screen.findByText('The lab received the sample on 3/16/2026. Expected by 4/6/2026.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Your results are ready.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the joint report' })).toHaveAttribute(
      'href',
      '/reports/joint?report=report-9',
    );
    await expectNoAxeViolations(container);
  });

  it('/results before the sample: the turnaround and an estimate', async () => {
    await setup(<ResultsPage />, makeJourney(), '/results');
    expect(
      await screen.findByText(
        'The sample has not reached the lab yet. Results come about 21 days after the lab receives it. If it is sent soon, expect them around 4/2/2026.',
      ),
    ).toBeInTheDocument();
  });

  it('/mother shows what is left for the mother; /father says she is not the father', async () => {
    const { unmount } = await setup(<RoleJourneyPage role="mother" />, makeJourney(), '/mother');
    const steps = within(await screen.findByRole('list')).getAllByRole('listitem');
    // The purchase is done: only what is left is listed.
    expect(steps.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Health survey',
      'Terms and HIPAA notice',
      'Kits activated',
      'Partner joined',
      'Sample sent',
      'Results',
    ]);
    unmount();
    await setup(<RoleJourneyPage role="father" />, makeJourney(), '/father');
    expect(await screen.findByText('You are not the father on any couple test.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See your steps as the mother' })).toHaveAttribute(
      'href',
      '/mother',
    );
  });

  it('/pgt explains PGT and how to start to someone without an embryo test', async () => {
    const { container } = await setup(<PgtJourneyPage />, makeJourney(), '/pgt');
    expect(await screen.findByRole('heading', { name: 'What PGT is' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: testConfig.brand.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${testConfig.brand.supportEmail}`,
    );
    await expectNoAxeViolations(container);
  });

  it('/pgt shows the embryo journey with the biopsy sent by the clinic', async () => {
    const pgt = makeCoupleTest({
      kind: 'pgt',
      name: 'Embryo screening (PGT)',
      steps: [
        makeStep({ key: 'kit-activated', title: 'Kit activated', state: 'not-applicable' }),
        makeStep({
          key: 'sample-sent',
          title: 'Embryo biopsy sent by your clinic',
          state: 'waiting',
          detail: 'Your clinic sends the embryo biopsy to the lab',
        }),
      ],
    });
    await setup(<PgtJourneyPage />, makeJourney([pgt]), '/pgt');
    expect(await screen.findByRole('list', { name: 'Embryo screening (PGT)' })).toBeVisible();
    expect(items('Embryo screening (PGT)')).toEqual([
      'Kit activatedNot needed',
      'Embryo biopsy sent by your clinicWaitingYour clinic sends the embryo biopsy to the lab',
    ]);
  });
});
