import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { comparisonReport, weakCadReport } from './comparison-fixture.ts';
import { EmbryoComparison } from './embryo-comparison.tsx';
import { EMBRYO_REPORT_PATHS } from './embryo-report-kind.ts';
import { testEmbryoReport } from './test-embryo-report.ts';

async function renderComparison(report = comparisonReport) {
  await renderWithRouter(
    <EmbryoComparison
      report={report}
      links={{
        demo: false,
        paths: EMBRYO_REPORT_PATHS.standard,
        search: { report: 'report-1', version: undefined },
      }}
    />,
  );
  return screen.getByRole('table', { name: /Embryos compared/ });
}

/** The embryo labels down the table's row headings, top to bottom. */
function rowOrder(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
}

describe('EmbryoComparison', () => {
  it('explains the lab’s ranking and its limits before the table, which lists every embryo by priority', async () => {
    const table = await renderComparison();
    const method = screen.getByText(comparisonReport.priorityMethod);
    const limits = screen.getByText(
      /An embryo with the lowest risk can still develop the condition/,
    );
    expect(method.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(limits.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(limits).toHaveTextContent('not a diagnosis');

    expect(rowOrder(table)).toEqual(['Embryo E1', 'Embryo E2', 'Embryo E3', 'Embryo E4']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 4 embryos.');
    // Each row heading leads to that embryo's page, by its place in the lab's list.
    expect(within(table).getByRole('link', { name: 'Embryo E1' })).toHaveAttribute(
      'href',
      '/embryo-reports/embryos/2?report=report-1',
    );
  });

  it('gives each condition’s absolute risk with the relative risk beneath, and the chromosome and monogenic results', async () => {
    const table = await renderComparison();
    const row = within(table).getByRole('row', { name: /Embryo E4/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('4');
    expect(cells[1]).toHaveTextContent('Mosaic: Mosaic gain of chromosome 7');
    expect(cells[2]).toHaveTextContent('HBB: Sickle cell disease');
    const t2d = comparisonReport.embryos[2]?.diseases[0];
    expect(cells[3]).toHaveTextContent(`15.0%${String(t2d?.relativeRisk.toFixed(2))}× average`);
    expect(within(table).getByRole('columnheader', { name: /Type 2 Diabetes/ })).toHaveTextContent(
      /Average \d+\.\d%/,
    );
  });

  it('reorders the rows by a condition’s risk chosen in “Sort by”', async () => {
    const user = userEvent.setup();
    const table = await renderComparison();
    await user.selectOptions(
      screen.getByLabelText('Sort by'),
      'Type 2 Diabetes: lowest risk first',
    );
    expect(rowOrder(table)).toEqual(['Embryo E2', 'Embryo E4', 'Embryo E3', 'Embryo E1']);
    expect(within(table).getByRole('columnheader', { name: /Type 2 Diabetes/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(within(table).getByRole('columnheader', { name: /Priority/ })).not.toHaveAttribute(
      'aria-sort',
    );
  });

  it('says how sure the order by a condition is, in words and per embryo, but not for the lab’s priority', async () => {
    const user = userEvent.setup();
    await renderComparison();
    expect(screen.getByText('Sort by a condition to see how sure its order is.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'How sure is this order?' })).toBeNull();

    await user.selectOptions(
      screen.getByLabelText('Sort by'),
      'Type 2 Diabetes: lowest risk first',
    );
    const panel = screen.getByRole('region', { name: 'How sure is this order?' });
    expect(panel).toHaveTextContent(
      /Embryo E2 ranks first, with the lowest genetic risk of type 2 diabetes, in about [1-9] of 10 plausible outcomes\./,
    );
    const shares = within(panel).getByRole('table', {
      name: 'How often each embryo ranks first or in the top two for type 2 diabetes',
    });
    // The lower the score, the more often first: the same order as the risks.
    expect(rowOrder(shares)).toEqual(['Embryo E2', 'Embryo E4', 'Embryo E3', 'Embryo E1']);
    expect(panel).toHaveTextContent(/estimated from the share of the condition's heritability/);
  });

  it('sorts by a column heading, and the other way on a second click', async () => {
    const user = userEvent.setup();
    const table = await renderComparison();
    const heading = within(table).getByRole('columnheader', { name: /Coronary Artery Disease/ });
    await user.click(within(heading).getByRole('button', { name: /Coronary Artery Disease/ }));
    expect(rowOrder(table)).toEqual(['Embryo E3', 'Embryo E1', 'Embryo E4', 'Embryo E2']);
    expect(heading).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByLabelText('Sort by')).toHaveValue('risk:cad');

    await user.click(within(heading).getByRole('button', { name: /Coronary Artery Disease/ }));
    expect(rowOrder(table)).toEqual(['Embryo E2', 'Embryo E4', 'Embryo E1', 'Embryo E3']);
    expect(heading).toHaveAttribute('aria-sort', 'descending');
  });

  it('hides the embryos with a chromosome finding and says how many', async () => {
    const user = userEvent.setup();
    const table = await renderComparison();
    const filter = screen.getByRole('checkbox', { name: 'Hide embryos with a chromosome finding' });
    expect(filter).toHaveAccessibleDescription('2 of 4 embryos have one.');
    await user.click(filter);
    expect(rowOrder(table)).toEqual(['Embryo E1', 'Embryo E2']);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Showing 2 of 4 embryos. 2 hidden: Embryo E3 (a chromosome finding), Embryo E4 (a chromosome finding).',
    );
    await user.click(filter);
    expect(rowOrder(table)).toHaveLength(4);
  });

  it('hides the embryos with a monogenic finding, keeping the chosen order, and says how many', async () => {
    const user = userEvent.setup();
    const table = await renderComparison();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'risk:t2d');
    await user.click(
      screen.getByRole('checkbox', { name: 'Hide embryos with a monogenic finding' }),
    );
    expect(rowOrder(table)).toEqual(['Embryo E3', 'Embryo E1']);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Showing 2 of 4 embryos. 2 hidden: Embryo E2 (a monogenic finding), Embryo E4 (a monogenic finding).',
    );
  });

  it('says so when the filters hide every embryo', async () => {
    const user = userEvent.setup();
    const table = await renderComparison();
    await user.click(
      screen.getByRole('checkbox', { name: 'Hide embryos with a chromosome finding' }),
    );
    await user.click(
      screen.getByRole('checkbox', { name: 'Hide embryos with a monogenic finding' }),
    );
    expect(rowOrder(table)).toEqual(['Embryo E1']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1 of 4 embryos. 3 hidden');
  });

  it('says why an embryo has no result for a condition of the other sex', async () => {
    const table = await renderComparison(
      testEmbryoReport({
        codes: ['t2d', 'brc', 'endo', 'prc'],
        embryos: [
          { label: 'E1', priority: 1, sex: 'female' },
          { label: 'E2', priority: 2, sex: 'male' },
        ],
      }),
    );
    const prostate = within(table).getByRole('columnheader', { name: /Prostate Cancer/ });
    expect(prostate).toHaveTextContent('Male embryos only');
    expect(within(table).getByRole('columnheader', { name: /Breast Cancer/ })).toHaveTextContent(
      'Female embryos only',
    );
    expect(
      within(table).getByRole('columnheader', { name: /Type 2 Diabetes/ }),
    ).not.toHaveTextContent('embryos only');

    const female = within(within(table).getByRole('row', { name: /Embryo E1/ })).getAllByRole(
      'cell',
    );
    // Priority, chromosomes, monogenic findings, then t2d, brc, endo, prc.
    expect(female[4]).toHaveTextContent(/^\d+\.\d%/);
    expect(female[5]).toHaveTextContent(/^\d+\.\d%/);
    expect(female[6]).toHaveTextContent(
      'Not reportedProstate cancer is reported for male embryos only.',
    );
    const male = within(within(table).getByRole('row', { name: /Embryo E2/ })).getAllByRole('cell');
    expect(male[4]).toHaveTextContent(
      'Not reportedBreast cancer is reported for female embryos only.',
    );
    expect(male[5]).toHaveTextContent(
      'Not reportedEndometriosis is reported for female embryos only.',
    );
    expect(male[6]).toHaveTextContent(/^\d+\.\d%/);
  });

  it('scrolls the table inside a labeled region a keyboard can reach', async () => {
    const table = await renderComparison();
    const region = screen.getByRole('region', { name: /Embryos compared.*scrolls sideways/ });
    expect(region).toContainElement(table);
    expect(region).toHaveAttribute('tabindex', '0');
  });
});

describe('EmbryoComparison: every condition held back', () => {
  it('still compares the embryos by their other results when the lab holds back every condition', async () => {
    // Counselling first (ADR 022): the person's view may hold no condition until they choose.
    const table = await renderComparison(
      testEmbryoReport({ embryos: [{ label: 'E1', priority: 1 }], codes: [] }),
    );
    expect(rowOrder(table)).toEqual(['Embryo E1']);
  });
});

describe('EmbryoComparison: a score not accurate enough (ADR 030)', () => {
  it('says so in every cell of its column, with why, and does not offer it as a sort', async () => {
    const table = await renderComparison(weakCadReport);
    const header = within(table).getByRole('columnheader', { name: /Coronary Artery Disease/ });
    expect(header).toHaveTextContent('Not compared');
    expect(within(header).queryByRole('button')).toBeNull();
    expect(header).not.toHaveAttribute('aria-sort');
    const options = within(screen.getByLabelText('Sort by')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      "Priority (the lab's order)",
      'Type 2 Diabetes: lowest risk first',
    ]);
    for (const row of within(table).getAllByRole('row').slice(1)) {
      const cells = within(row).getAllByRole('cell');
      // Priority, chromosomes, monogenic findings, then t2d with a number, cad without.
      expect(cells[3]).toHaveTextContent(/^\d+\.\d%/);
      expect(cells[4]).toHaveTextContent(/^Not reported: the score is not accurate enough$/);
    }
    expect(
      screen.getByText(/Coronary Artery Disease: not reported: the score is not accurate enough/),
    ).toHaveTextContent('The embryos are not compared or sorted by it.');
  });
});
