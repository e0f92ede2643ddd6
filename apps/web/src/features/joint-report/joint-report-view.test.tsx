import type { JointReport } from '@nestling/shared/contract/report';
import type { ReportAnswer } from '@nestling/shared/contract/report-view';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { JointReportView } from './joint-report-view.tsx';

const model = { id: 'demo', version: '1.0' };
const range = (code: string, populationRisk: number) => ({
  code,
  lower: 0.05,
  expected: 0.1,
  upper: 0.2,
  coverage: 0.95,
  populationRisk,
  model,
});

const content: JointReport = {
  kind: 'joint',
  test: {
    testType: '30x',
    coverage: 31.2,
    genomeBuild: 'GRCh38',
    ancestry: [
      { person: 'mother', inferred: 'European', calibrated: true },
      { person: 'father', inferred: 'European', calibrated: true },
    ],
    signedOffOn: '2025-03-14',
    signedOffBy: 'Dr. Example Director',
    researchUseOnly: false,
  },
  mother: { monogenic: [] },
  father: { monogenic: [] },
  carrierMatches: [],
  childRisk: [range('t2d', 0.3), range('brc', 0.12), range('prc', 0.13)],
  genes: [],
  variants: [],
  charts: { density: {} },
};

const answer: ReportAnswer = {
  report: {
    id: 'report-1',
    kind: 'joint',
    labReportId: 'LAB-2',
    version: 1,
    latestVersion: 1,
    signedOffOn: '2025-03-14',
    testType: '30x',
    receivedAt: '2025-03-14T12:00:00.000Z',
    changelog: null,
    content,
  },
  versions: [],
};

/** The view of the demo couple's report, as its page shows it. */
async function renderView() {
  return renderWithRouter(
    <JointReportView
      answer={answer}
      content={content}
      source={{ by: 'report', id: 'report-1' }}
      onVersionChange={() => undefined}
    />,
  );
}

describe('JointReportView: children’s risk', () => {
  it('speaks of daughters and sons, and of women and men, for the sex-specific conditions', async () => {
    await renderView();
    // The details open on demand.
    fireEvent.click(screen.getByRole('button', { name: 'Open all sections' }));
    const average = (figureName: string) =>
      screen.getByRole('figure', { name: figureName }).parentElement;
    expect(average("Type 2 Diabetes: your future children's risk")).toHaveTextContent(
      "The average person's lifetime risk is 30.0%.",
    );
    const daughters = average("Breast Cancer: your future daughters' risk");
    expect(daughters).toHaveTextContent("The average woman's lifetime risk is 12.0%.");
    expect(
      within(
        screen.getByRole('figure', { name: "Prostate Cancer: your future sons' risk" }),
      ).getAllByText(/Your future sons' lifetime risk of prostate cancer/).length,
    ).toBeGreaterThan(0);
    expect(average("Prostate Cancer: your future sons' risk")).toHaveTextContent(
      "The average man's lifetime risk is 13.0%.",
    );
  });
});

describe('JointReportView: every condition held back', () => {
  it('still shows the report when the lab holds back every child risk range', async () => {
    // Counseling first (ADR 022): the person's view may hold no range until they choose.
    const withheld: JointReport = { ...content, childRisk: [], charts: { density: {} } };
    await renderWithRouter(
      <JointReportView
        answer={{ ...answer, report: { ...answer.report, content: withheld } }}
        content={withheld}
        source={{ by: 'report', id: 'report-1' }}
        onVersionChange={() => undefined}
      />,
    );
    expect(screen.getAllByRole('heading').length).toBeGreaterThan(1);
    expect(screen.queryByRole('figure', { name: /your future children's risk/ })).toBeNull();
  });
});

describe('JointReportView: a score not accurate enough (ADR 030)', () => {
  it('says so in place of the range, with why, and draws no chart', async () => {
    const weak: JointReport = {
      ...content,
      childRisk: [
        { ...range('t2d', 0.3), model: { ...model, minimumVarianceExplained: 0.5 } },
        range('brc', 0.12),
      ],
    };
    await renderWithRouter(
      <JointReportView
        answer={{ ...answer, report: { ...answer.report, content: weak } }}
        content={weak}
        source={{ by: 'report', id: 'report-1' }}
        onVersionChange={() => undefined}
      />,
    );
    // The details open on demand.
    fireEvent.click(screen.getByRole('button', { name: 'Open all sections' }));
    const section = screen.getByRole('region', { name: 'Type 2 Diabetes' });
    expect(section).toHaveTextContent('Not reported: the score is not accurate enough');
    expect(section).toHaveTextContent('a number would look more certain than it is');
    // Neither the range (5–20 %, 10 % expected) nor the average (30 %).
    expect(section).not.toHaveTextContent(/\d\.\d%/);
    expect(screen.queryByRole('figure', { name: /Type 2 Diabetes/ })).toBeNull();
    expect(
      screen.getByRole('figure', { name: "Breast Cancer: your future daughters' risk" }),
    ).toBeInTheDocument();
  });
});

describe('JointReportView: opening a condition in the grid', () => {
  it('shows its details as a region of their own after its card, keeping the card, the order and the focus', async () => {
    const user = userEvent.setup();
    await renderView();
    const names = ['Type 2 Diabetes', 'Breast Cancer', 'Prostate Cancer'];
    const buttons = names.map((name) => screen.getByRole('button', { name }));
    const [, middle, last] = buttons as [HTMLElement, HTMLElement, HTMLElement];
    expect(middle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Breast Cancer' })).toBeNull();

    await user.click(middle);
    expect(middle).toHaveAttribute('aria-expanded', 'true');
    // The same button, still focused: nothing was drawn again in its place.
    expect(middle).toHaveFocus();
    const details = screen.getByRole('region', { name: 'Breast Cancer' });
    expect(middle).toHaveAttribute('aria-controls', details.id);
    expect(details).toContainElement(
      screen.getByRole('figure', { name: "Breast Cancer: your future daughters' risk" }),
    );
    // The card does not hold its details, so it keeps its size and its place in the grid; the
    // details are an item of the grid of their own (a full row), read right after the card.
    expect(details).not.toContainElement(middle);
    expect(details.parentElement).toContainElement(last);
    expect(middle.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(details.compareDocumentPosition(last) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The cards keep their order.
    expect(
      screen
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter((name) => names.includes(name)),
    ).toEqual(names);

    await user.click(middle);
    expect(middle).toHaveAttribute('aria-expanded', 'false');
    expect(middle).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Breast Cancer' })).toBeNull();
  });
});
