import type { SurveyResponseAnswer, SurveySummary } from '@nestling/shared/contract/health-survey';
import type { IndividualReport } from '@nestling/shared/contract/report';
import type { ReportAnswer } from '@nestling/shared/contract/report-view';
import type { IndividualOrder } from '@nestling/shared/contract/orders';
import { buildResponse } from '@nestling/shared/health-survey/answers';
import { questionnaireFor } from '@nestling/shared/health-survey/questionnaires';
import {
  effectiveRiskCondition,
  publishedRiskConditions,
} from '@nestling/shared/contract/risk-calculator';
import { conditionDefaults } from '@nestling/shared/risk/condition-defaults';
import {
  computeRisk,
  DISEASE_EXCLUDE_MESSAGE,
  EMBRYOS_MESSAGE,
  type RiskInput,
} from '@nestling/shared/risk/liability-model';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes, jsonError, type RouteHandler } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { testPopulation } from '../charts/test-population.ts';
import { RiskCalculatorPage } from './risk-calculator-page.tsx';

const user = makeUser({ id: 'demo-mother', email: 'mother@demo.test' });

/** The page's default: schizophrenia's published values, 5 embryos, lowest score. */
const scz = conditionDefaults.scz;
const base: RiskInput = {
  prevalence: scz.prevalence.value,
  r2: scz.r2.value,
  embryos: 5,
  strategy: 'lowest',
  parents: { kind: 'population' },
};

/** As the page writes it: a second decimal under 1 %. */
const pct = (risk: number) => {
  const percent = risk * 100;
  return `(${percent.toFixed(percent > 0 && percent < 1 ? 2 : 1)}%)`;
};

async function setup(routes: Record<string, RouteHandler> = {}) {
  setAuthToken('patient-token');
  const services = createTestServices({ user });
  answerRoutes(services, {
    'GET /api/user': () => Response.json({ user, individualOrders: [], order: null }),
    'GET /api/health-survey': () => jsonError(404, 'Not Found'),
    'GET /api/partner/individual-reports': () => Response.json({ shared: [] }),
    'GET /api/risk-calculator/conditions': () =>
      Response.json({ conditions: publishedRiskConditions() }),
    ...routes,
  });
  const rendered = await renderWithRouter(<RiskCalculatorPage />, {
    path: '/risk-calculator',
    user,
    services,
  });
  // The form appears once the lab's starting values have arrived.
  await screen.findByLabelText(/^Prevalence/, {}, { timeout: 5000 });
  return { ...rendered, user: userEvent.setup() };
}

function answerRegion() {
  return screen.getByRole('region', { name: 'The answer' });
}

/** Waits until the answer states these risks, without and with selection. */
async function expectAnswer(input: RiskInput) {
  const { baseline, selected, relativeReduction } = computeRisk(input);
  await waitFor(() => {
    const region = answerRegion();
    expect(
      within(region).getByText('Without selection', { selector: 'strong' }).closest('p'),
    ).toHaveTextContent(pct(baseline));
    expect(
      within(region).getByText('With selection', { selector: 'strong' }).closest('p'),
    ).toHaveTextContent(pct(selected));
  });
  expect(answerRegion()).toHaveTextContent(
    `relative reduction of ${(relativeReduction * 100).toFixed(1)}%`,
  );
}

async function replace(
  userEvents: ReturnType<typeof userEvent.setup>,
  label: string | RegExp,
  value: string,
) {
  const field = screen.getByLabelText(label);
  await userEvents.clear(field);
  if (value !== '') await userEvents.type(field, value);
}

describe('RiskCalculatorPage', () => {
  it('answers at once with the published values, absolute risk first, then the chart and limits', async () => {
    const { container } = await setup();
    await expectAnswer(base);
    const region = answerRegion();
    expect(
      within(region).getByText('Without selection', { selector: 'strong' }).closest('p'),
    ).toHaveTextContent('about 1 in 100 children would develop schizophrenia (1.0%)');
    expect(
      within(region).getByRole('figure', { name: 'Schizophrenia, with selection: lifetime risk' }),
    ).toBeInTheDocument();
    expect(
      await within(region).findByRole('figure', {
        name: 'Risk of schizophrenia by the number of embryos',
      }),
    ).toBeInTheDocument();
    // The chart's table alternative: one row per number of embryos.
    expect(within(region).getAllByRole('row')).toHaveLength(
      // Two dot-grid tables of 3 rows, the curve's header and 10 rows.
      3 + 3 + 11,
    );
    expect(screen.getByText(/Source: About 7 % of the variance in liability/)).toBeInTheDocument();
    expect(screen.getByText(/ACMG|American College of Medical Genetics/)).toBeInTheDocument();
    expect(screen.getByText(/genetic counselor/)).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('says a rare risk as 1 in N, and draws it on 1,000 dots where the two grids can differ', async () => {
    const events = userEvent.setup();
    await setup();
    await expectAnswer(base);
    await replace(events, /^Prevalence/, '0.5');
    const rare = { ...base, prevalence: 0.005 };
    await expectAnswer(rare);
    const { baseline, selected } = computeRisk(rare);
    const region = answerRegion();
    expect(
      within(region).getByText('Without selection', { selector: 'strong' }).closest('p'),
    ).toHaveTextContent(`about 1 in 200 children would develop schizophrenia ${pct(baseline)}`);
    const without = within(region).getByRole('figure', {
      name: 'Schizophrenia, without selection: lifetime risk',
    });
    const withSelection = within(region).getByRole('figure', {
      name: 'Schizophrenia, with selection: lifetime risk',
    });
    expect(without).toHaveTextContent('About 5 in 1,000 children from any one embryo');
    const filled = (figure: HTMLElement) => figure.querySelectorAll('[data-dot="filled"]').length;
    expect(filled(without)).toBe(Math.round(baseline * 1000));
    expect(filled(withSelection)).toBe(Math.round(selected * 1000));
    // The difference the selection makes is visible: fewer dots, not the same single dot.
    expect(filled(withSelection)).toBeLessThan(filled(without));
  });

  it('changes the answer with the condition, prevalence, r² and the number of embryos', async () => {
    const { user: events } = await setup();
    await expectAnswer(base);

    await events.selectOptions(screen.getByLabelText('Condition'), 'Type 2 Diabetes');
    const t2d = conditionDefaults.t2d;
    const t2dInput = { ...base, prevalence: t2d.prevalence.value, r2: t2d.r2.value };
    await expectAnswer(t2dInput);
    expect(screen.getByText('Published values')).toBeInTheDocument();

    await replace(events, /^Prevalence/, '10');
    await expectAnswer({ ...t2dInput, prevalence: 0.1 });
    expect(screen.getByText('Your own values')).toBeInTheDocument();

    await replace(events, /^Score accuracy/, '0.2');
    await expectAnswer({ ...t2dInput, prevalence: 0.1, r2: 0.2 });

    await replace(events, /^Number of embryos/, '10');
    await expectAnswer({ ...t2dInput, prevalence: 0.1, r2: 0.2, embryos: 10 });

    await events.click(screen.getByRole('button', { name: 'Restore the published values' }));
    await expectAnswer({ ...t2dInput, embryos: 10 });

    await events.selectOptions(screen.getByLabelText('Condition'), 'other');
    expect(screen.getByText('Your own values')).toBeInTheDocument();
    await replace(events, /^Prevalence/, '3');
    await expectAnswer({ ...t2dInput, prevalence: 0.03, embryos: 10 });
  });

  it('changes the answer with the strategy and the excluded top', async () => {
    const { user: events } = await setup();
    await events.click(screen.getByRole('radio', { name: /High-risk exclusion/ }));
    await expectAnswer({ ...base, strategy: 'exclude', excludeTop: 0.02 });
    await replace(events, /population's top/, '10');
    await expectAnswer({ ...base, strategy: 'exclude', excludeTop: 0.1 });
  });

  it("changes the answer with the parents' percentiles", async () => {
    const { user: events } = await setup();
    await events.click(screen.getByRole('radio', { name: "Each parent's score percentile" }));
    await expectAnswer({ ...base, parents: { kind: 'scores', percentiles: [0.5, 0.5] } });
    await replace(events, /^Your score percentile/, '90');
    await expectAnswer({ ...base, parents: { kind: 'scores', percentiles: [0.9, 0.5] } });
    await replace(events, /^Your partner's score percentile/, '20');
    await expectAnswer({ ...base, parents: { kind: 'scores', percentiles: [0.9, 0.2] } });
  });

  it("changes the answer with the parents' disease status and the heritability", async () => {
    const { user: events } = await setup();
    await events.click(screen.getByRole('radio', { name: 'How many parents have the condition' }));
    const h2 = scz.heritability.value;
    await expectAnswer({ ...base, parents: { kind: 'disease', affected: 0, heritability: h2 } });
    await events.click(screen.getByRole('radio', { name: 'Both' }));
    await expectAnswer({ ...base, parents: { kind: 'disease', affected: 2, heritability: h2 } });
    await replace(events, /^Heritability/, '0.5');
    await expectAnswer({ ...base, parents: { kind: 'disease', affected: 2, heritability: 0.5 } });
  });

  it('shows a refused input’s message next to its field, and no number', async () => {
    const { user: events } = await setup();
    await expectAnswer(base);

    await replace(events, /^Prevalence/, '150');
    const prevalence = screen.getByLabelText(/^Prevalence/);
    expect(prevalence).toHaveAttribute('aria-invalid', 'true');
    expect(prevalence).toHaveAccessibleDescription(
      expect.stringContaining(
        'Must be a number greater than 0 and less than 100 (a percentage)',
      ) as string,
    );
    expect(answerRegion()).toHaveTextContent('Correct the marked field to see the risk.');
    expect(answerRegion()).not.toHaveTextContent('%');
    await replace(events, /^Prevalence/, '1');

    await replace(events, /^Number of embryos/, '25');
    expect(screen.getByLabelText(/^Number of embryos/)).toHaveAccessibleDescription(
      EMBRYOS_MESSAGE.charAt(0).toUpperCase() + EMBRYOS_MESSAGE.slice(1),
    );
    expect(answerRegion()).not.toHaveTextContent('%');
    await replace(events, /^Number of embryos/, '5');

    await replace(events, /^Score accuracy/, '');
    expect(screen.getByLabelText(/^Score accuracy/)).toHaveAccessibleDescription(
      expect.stringContaining('Must be a number greater than 0 and less than 1') as string,
    );
    await replace(events, /^Score accuracy/, '0.9');
    await events.click(screen.getByRole('radio', { name: 'How many parents have the condition' }));
    expect(screen.getByLabelText(/^Score accuracy/)).toHaveAccessibleDescription(
      expect.stringContaining('Must not exceed the heritability') as string,
    );
    await replace(events, /^Score accuracy/, '0.07');

    await events.click(screen.getByRole('radio', { name: /High-risk exclusion/ }));
    expect(screen.getByText(DISEASE_EXCLUDE_MESSAGE)).toBeInTheDocument();
    expect(answerRegion()).not.toHaveTextContent('%');
  });

  it("prefills the percentiles from the person's report and the report their partner shares, and the diagnosis from their survey", async () => {
    const summaryOfReport = {
      id: 'report-1',
      kind: 'individual' as const,
      labReportId: 'LAB-1',
      version: 1,
      signedOffOn: '2025-03-14',
      testType: 'standard' as const,
    };
    const order: IndividualOrder = {
      id: 'order-1',
      purchaseId: 'purchase-1',
      purchaseDate: 1_727_740_800,
      testType: 'standard',
      activatedAt: 1_728_000_000,
      report: summaryOfReport,
    };
    const content: IndividualReport = {
      kind: 'individual',
      test: {
        testType: 'standard',
        coverage: 31.2,
        genomeBuild: 'GRCh38',
        ancestry: [{ person: 'patient', inferred: 'European', calibrated: true }],
        signedOffOn: '2025-03-14',
        signedOffBy: 'Dr. Example Director',
        researchUseOnly: false,
      },
      diseases: [
        {
          code: 'scz',
          score: 0.8,
          percentile: 80,
          absoluteRisk: 0.015,
          populationRisk: 0.01,
          relativeRisk: 1.5,
          interval: { lower: 0.01, upper: 0.02, confidence: 0.95 },
          model: { id: 'demo', version: '1.0' },
        },
      ],
      traits: [],
      monogenic: [],
      genes: [],
      variants: [],
      charts: { density: { scz: { values: testPopulation(400) } } },
    };
    const report: ReportAnswer = {
      report: {
        ...summaryOfReport,
        latestVersion: 1,
        receivedAt: '2025-03-14T12:00:00.000Z',
        changelog: null,
        content,
      },
      versions: [],
    };
    const summary: SurveySummary = {
      choice: { variant: 'saliva-mother', program: 'saliva', role: 'mother' },
      status: 'completed',
      done: true,
      editable: true,
      started: [{ variant: 'saliva-mother', status: 'completed' }],
    };
    const survey: SurveyResponseAnswer = {
      variant: 'saliva-mother',
      status: 'completed',
      revision: 3,
      currentPage: 'personal-history',
      editable: true,
      response: buildResponse(
        questionnaireFor('saliva-mother'),
        { 'self-scz': [{ valueBoolean: true }], 'self-scz-age': [{ valueInteger: 22 }] },
        { id: 'r1', status: 'completed', authored: '2026-03-02T10:00:00.000Z', subject: user.id },
      ),
    };
    const { user: events } = await setup({
      'GET /api/user': () => Response.json({ user, individualOrders: [order], order }),
      'GET /api/individual_reports/order-1': () => Response.json(report),
      'GET /api/health-survey': () => Response.json(summary),
      'GET /api/health-survey/saliva-mother/response': () => Response.json(survey),
      'GET /api/partner/individual-reports': () =>
        Response.json({
          shared: [
            {
              coupleAccountId: 'couple-1',
              partner: { firstName: 'Daniel', lastName: 'Demo', email: 'father@demo.test' },
              orders: [{ orderId: 'order-2', report: { ...summaryOfReport, id: 'report-2' } }],
            },
          ],
        }),
      'GET /api/individual_reports/order-2': () =>
        Response.json({
          ...report,
          report: {
            ...report.report,
            id: 'report-2',
            content: {
              ...content,
              diseases: content.diseases.map((result) => ({ ...result, percentile: 30 })),
            },
          },
        }),
    });
    await events.click(screen.getByRole('radio', { name: "Each parent's score percentile" }));
    await waitFor(() => expect(screen.getByLabelText(/^Your score percentile/)).toHaveValue('80'));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Your partner's score percentile/)).toHaveValue('30'),
    );
    expect(screen.getByText('From your individual report: 80.')).toBeInTheDocument();
    expect(
      screen.getByText("From Daniel's individual report, which they share with you: 30."),
    ).toBeInTheDocument();
    await expectAnswer({ ...base, parents: { kind: 'scores', percentiles: [0.8, 0.3] } });

    await events.click(screen.getByRole('radio', { name: 'How many parents have the condition' }));
    expect(screen.getByRole('radio', { name: 'One' })).toBeChecked();
    expect(
      screen.getByText(/Your health survey says you have been diagnosed with schizophrenia/),
    ).toBeInTheDocument();
    await expectAnswer({
      ...base,
      parents: { kind: 'disease', affected: 1, heritability: scz.heritability.value },
    });
  });

  it("starts from the lab's values where lab staff set them, and says so", async () => {
    const lab = {
      prevalence: 0.008,
      r2: null,
      heritability: null,
      note: 'Our own cohort, 2025.',
      changedAt: '2026-11-01T10:00:00.000Z',
      changedBy: null,
    };
    const { user: events } = await setup({
      'GET /api/risk-calculator/conditions': () =>
        Response.json({
          conditions: publishedRiskConditions().map((condition) =>
            condition.code === 'scz' ? effectiveRiskCondition('scz', lab) : condition,
          ),
        }),
    });
    const prevalence = screen.getByLabelText(/^Prevalence/);
    expect(prevalence).toHaveValue('0.8');
    expect(screen.getByText('Set by your lab: Our own cohort, 2025.')).toBeInTheDocument();
    expect(screen.getByText('Values set by your lab')).toBeInTheDocument();
    await expectAnswer({ ...base, prevalence: 0.008 });
    await events.clear(prevalence);
    await events.type(prevalence, '2');
    await events.click(screen.getByRole('button', { name: "Restore your lab's values" }));
    expect(screen.getByLabelText(/^Prevalence/)).toHaveValue('0.8');
  });

  it('falls back to the published values, and says so, when the lab’s cannot be loaded', async () => {
    await setup({
      'GET /api/risk-calculator/conditions': () => jsonError(500, 'Internal Server Error'),
    });
    expect(screen.getByText("Your lab's values could not be loaded")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Prevalence/)).toHaveValue(String(scz.prevalence.value * 100));
    await expectAnswer(base);
  });
});
