import type { IndividualReport } from '@nestling/shared/contract/report';
import type { ReportAnswer } from '@nestling/shared/contract/report-view';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { testPopulation } from '../charts/test-population.ts';
import { IndividualReportView } from './individual-report-view.tsx';

const model = { id: 'demo', version: '1.0' };
const population = testPopulation(400);
const sorted = [...population].sort((a, b) => a - b);

const content: IndividualReport = {
  kind: 'individual',
  test: {
    testType: '30x',
    coverage: 31.2,
    genomeBuild: 'GRCh38',
    ancestry: [{ person: 'patient', inferred: 'European', calibrated: true }],
    signedOffOn: '2025-03-14',
    signedOffBy: 'Dr. Example Director',
    researchUseOnly: false,
  },
  diseases: [
    {
      code: 't2d',
      score: 0.2,
      percentile: 58,
      absoluteRisk: 0.3,
      populationRisk: 0.3,
      relativeRisk: 1,
      interval: { lower: 0.25, upper: 0.35, confidence: 0.95 },
      model,
    },
  ],
  traits: [
    {
      code: 'height',
      predicted: { value: 181.4, unit: 'cm' },
      percentile: 72,
      // Higher than exactly 288 of the 400 scores: the 72nd percentile.
      score: sorted[288] ?? 0,
      model,
    },
    { code: 'eyecolor', predicted: { value: 'Brown' }, model },
  ],
  monogenic: [],
  genes: [],
  variants: [],
  charts: { density: { t2d: { values: population } }, traits: { height: { values: population } } },
};

function answerOf(report: IndividualReport): ReportAnswer {
  return {
    report: {
      id: 'report-1',
      kind: 'individual',
      labReportId: 'LAB-1',
      version: 1,
      latestVersion: 1,
      signedOffOn: '2025-03-14',
      testType: '30x',
      receivedAt: '2025-03-14T12:00:00.000Z',
      changelog: null,
      content: report,
    },
    versions: [],
  };
}

async function renderView(report: IndividualReport) {
  await renderWithRouter(
    <IndividualReportView
      answer={answerOf(report)}
      content={report}
      source={{ by: 'order', id: 'order-1' }}
      onVersionChange={() => undefined}
    />,
  );
}

describe('IndividualReportView: traits', () => {
  it('draws a scored trait as a distribution chart, with its words and table, like a disease', async () => {
    await renderView(content);
    // Closed, the section says what it holds and draws nothing; its heading opens it.
    expect(screen.getByRole('region', { name: 'Height' })).toHaveTextContent('Predicted: 181.4 cm');
    expect(screen.queryByRole('figure', { name: 'Height: genetic score' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Height' }));
    expect(screen.getByRole('button', { name: 'Height' })).toHaveAttribute('aria-expanded', 'true');
    const section = screen.getByRole('region', { name: 'Height' });
    expect(section).toHaveTextContent('Predicted: 181.4 cm.');
    const figure = within(section).getByRole('figure', { name: 'Height: genetic score' });
    expect(figure).toHaveTextContent(
      'Your score is at the 72nd percentile: higher than 72 of 100 people.',
    );
    expect(
      within(figure).getByRole('img', {
        name: 'Distribution of height genetic scores in the population, with your score marked',
      }),
    ).toBeInTheDocument();
    // The traits table leads to it; a color, which has no scale, stays in the table only.
    const table = screen.getByRole('table', { name: 'Predicted traits' });
    expect(within(table).getByRole('link', { name: 'Height' })).toHaveAttribute(
      'href',
      '#trait-height',
    );
    expect(within(table).queryByRole('link', { name: 'Eye Color' })).toBeNull();
    expect(screen.queryByRole('figure', { name: /Eye Color/ })).toBeNull();
  });

  it('shows a report without trait scores as the table alone', async () => {
    // As reports were delivered before traits had charts: no score, no charts.traits.
    await renderView({
      ...content,
      traits: content.traits.map(({ code, predicted, percentile, model: traitModel }) => ({
        code,
        model: traitModel,
        ...(predicted === undefined ? {} : { predicted }),
        ...(percentile === undefined ? {} : { percentile }),
      })),
      charts: { density: content.charts.density },
    });
    expect(screen.getByRole('table', { name: 'Predicted traits' })).toHaveTextContent('181.4 cm');
    expect(screen.queryByRole('figure', { name: /Height/ })).toBeNull();
  });
});

describe('IndividualReportView: every condition held back', () => {
  it('still shows the report, with its traits, when the lab holds back every condition', async () => {
    // Counseling first (ADR 022): the person's view may hold no disease until they choose.
    await renderView({ ...content, diseases: [], charts: { ...content.charts, density: {} } });
    expect(screen.getByRole('table', { name: 'Predicted traits' })).toHaveTextContent('181.4 cm');
  });
});

describe('IndividualReportView: a score not accurate enough (ADR 030)', () => {
  const weak = { ...model, varianceExplained: 0.01, minimumVarianceExplained: 0.03 };

  it('says so in place of the numbers and charts, with why nearby', async () => {
    const [t2d] = content.diseases;
    const [height, eyecolor] = content.traits;
    if (t2d === undefined || height === undefined || eyecolor === undefined) throw new Error();
    await renderView({
      ...content,
      diseases: [{ ...t2d, model: weak }],
      traits: [{ ...height, model: weak }, eyecolor],
    });
    // The details open on demand.
    fireEvent.click(screen.getByRole('button', { name: 'Open all sections' }));
    const table = screen.getByRole('table', { name: 'Your lifetime risk of each condition' });
    const row = within(table).getByRole('row', { name: /Type 2 Diabetes/ });
    expect(row).toHaveTextContent('Not reported: the score is not accurate enough');
    expect(row).not.toHaveTextContent('%');
    expect(
      screen.getAllByText(/a number would look more certain than it is/).length,
    ).toBeGreaterThan(0);
    const section = screen.getByRole('region', { name: 'Type 2 Diabetes' });
    expect(section).toHaveTextContent('Not reported: the score is not accurate enough');
    expect(section).toHaveTextContent(
      'This score explains about 1% of the differences between people in their chance of type 2 diabetes; the lab reports a condition only when its score explains at least 3%.',
    );
    expect(section).not.toHaveTextContent('30.0%');
    expect(within(section).queryByRole('figure')).toBeNull();
    expect(within(section).queryByRole('img')).toBeNull();
    // A weak trait: no prediction, no chart.
    const traits = screen.getByRole('table', { name: 'Predicted traits' });
    expect(within(traits).getByRole('row', { name: /Height/ })).toHaveTextContent(
      'Not reported: the score is not accurate enough',
    );
    expect(traits).not.toHaveTextContent('181.4 cm');
    expect(screen.queryByRole('figure', { name: /Height/ })).toBeNull();
  });
});
