import { getDisease } from '@nestling/shared/catalogue/diseases';
import { riskPercent } from '@nestling/shared/report-wording';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { comparisonReport, weakCadReport } from './comparison-fixture.ts';
import { EmbryoComparison } from './embryo-comparison.tsx';
import { EMBRYO_REPORT_PATHS } from './embryo-report-kind.ts';
import { notReportedReason } from './embryo-wording.ts';
import { testEmbryoReport } from './test-embryo-report.ts';

const HEAT_MAP = /^Heat map: each embryo's lifetime risk of each condition/;

async function renderHeatMap(report = comparisonReport) {
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
  return screen.getByRole('table', { name: HEAT_MAP });
}

/** The comparison switched to its table, which lists every result of every embryo. */
async function renderComparison(report = comparisonReport) {
  await renderHeatMap(report);
  await userEvent.click(screen.getByRole('radio', { name: 'Table' }));
  return screen.getByRole('table', { name: /Embryos compared/ });
}

/**
 * The embryos across the heat map's column headings, left to right: the links to their pages
 * (a wide screen shows them; a phone shows each name without its link).
 */
function columnOrder(heatMap: HTMLElement): string[] {
  return within(heatMap)
    .getAllByRole('columnheader')
    .slice(2)
    .map((cell) => within(cell).getByRole('link').textContent);
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

describe('EmbryoComparison: the heat map', () => {
  it('opens on the heat map: a row per condition, a column per embryo, and every number in its cell', async () => {
    // All 18 conditions of the catalogue, for six embryos of either sex.
    const report = testEmbryoReport({
      embryos: ['female', 'male', 'female', 'male', 'female', 'male'].map((sex, index) => ({
        label: `E${String(index + 1)}`,
        priority: index + 1,
        sex: sex as 'female' | 'male',
      })),
    });
    const heatMap = await renderHeatMap(report);
    expect(screen.getByRole('radio', { name: 'Heat map' })).toBeChecked();
    expect(screen.queryByRole('table', { name: /Embryos compared/ })).toBeNull();
    expect(
      within(heatMap)
        .getAllByRole('columnheader')
        .slice(0, 2)
        .map((cell) => cell.textContent),
    ).toEqual(['Condition', 'Average']);
    expect(columnOrder(heatMap)).toEqual(report.embryos.map((embryo) => `Embryo ${embryo.label}`));
    expect(report.childRisk).toHaveLength(18);
    const rows = within(heatMap).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(18);
    for (const [index, range] of report.childRisk.entries()) {
      const row = rows[index] as HTMLElement;
      const name = getDisease(range.code).name;
      expect(within(row).getByRole('rowheader')).toHaveTextContent(name);
      const [average, ...cells] = within(row).getAllByRole('cell');
      expect(average).toHaveTextContent(riskPercent(range.populationRisk));
      expect(cells).toHaveLength(report.embryos.length);
      for (const [column, embryo] of report.embryos.entries()) {
        const result = embryo.diseases.find((disease) => disease.code === range.code);
        // The risk as the table prints it, then its relative risk in words (the cell's color).
        expect(cells[column]?.textContent, `${name}, Embryo ${embryo.label}`).toBe(
          result === undefined
            ? `–Not reported: ${notReportedReason(embryo, range.code)}`
            : `${riskPercent(result.absoluteRisk)} (${result.relativeRisk.toFixed(2)}× average)`,
        );
      }
    }
    expect(within(heatMap).getByRole('rowheader', { name: /Prostate Cancer/ })).toHaveTextContent(
      'Male embryos only',
    );
    // The key says what each color means in words and numbers.
    const key = screen.getByRole('list', { name: "Key to the heat map's colors" });
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Much lower than average (under 0.5×)',
      'Lower than average (0.5× to 0.8×)',
      'About average (0.8× to 1.25×)',
      'Higher than average (1.25× to 2×)',
      'Much higher than average (2× or more)',
      '–Not reported',
    ]);
    // Each embryo's heading leads to its page.
    expect(within(heatMap).getByRole('link', { name: 'Embryo E2' })).toHaveAttribute(
      'href',
      '/embryo-reports/embryos/2?report=report-1',
    );
  });

  it('puts the embryos in the order chosen and leaves out the ones hidden', async () => {
    const user = userEvent.setup();
    const heatMap = await renderHeatMap();
    expect(columnOrder(heatMap)).toEqual(['Embryo E1', 'Embryo E2', 'Embryo E3', 'Embryo E4']);
    await user.selectOptions(
      screen.getByLabelText('Sort by'),
      'Type 2 Diabetes: lowest risk first',
    );
    expect(columnOrder(heatMap)).toEqual(['Embryo E2', 'Embryo E4', 'Embryo E3', 'Embryo E1']);
    const t2d = within(heatMap).getByRole('row', { name: /^Type 2 Diabetes/ });
    expect(
      within(t2d)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent.split(' ')[0]),
    ).toEqual(['10.0%', '15.0%', '20.0%', '30.0%']);
    await user.click(
      screen.getByRole('checkbox', { name: 'Hide embryos with a chromosome finding' }),
    );
    expect(columnOrder(heatMap)).toEqual(['Embryo E2', 'Embryo E1']);
  });

  it('switches to the table and back, keeping the order chosen', async () => {
    const user = userEvent.setup();
    await renderHeatMap();
    await user.selectOptions(
      screen.getByLabelText('Sort by'),
      'Type 2 Diabetes: lowest risk first',
    );
    await user.click(screen.getByRole('radio', { name: 'Table' }));
    expect(screen.getByRole('radio', { name: 'Table' })).toBeChecked();
    expect(screen.queryByRole('table', { name: HEAT_MAP })).toBeNull();
    const table = screen.getByRole('table', { name: /Embryos compared/ });
    expect(rowOrder(table)).toEqual(['Embryo E2', 'Embryo E4', 'Embryo E3', 'Embryo E1']);
    expect(within(table).getByRole('row', { name: /Embryo E4/ })).toHaveTextContent(
      'HBB: Sickle cell disease',
    );

    await user.click(screen.getByRole('radio', { name: 'Heat map' }));
    expect(screen.queryByRole('table', { name: /Embryos compared/ })).toBeNull();
    expect(columnOrder(screen.getByRole('table', { name: HEAT_MAP }))).toEqual([
      'Embryo E2',
      'Embryo E4',
      'Embryo E3',
      'Embryo E1',
    ]);
  });

  it('says a score not accurate enough across its row, with no number', async () => {
    const heatMap = await renderHeatMap(weakCadReport);
    const row = within(heatMap).getByRole('row', { name: /^Coronary Artery Disease/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells).toHaveLength(1);
    expect(cells[0]).toHaveTextContent(/^Not reported: the score is not accurate enough$/);
    expect(within(heatMap).getByRole('row', { name: /^Type 2 Diabetes/ })).toHaveTextContent(
      /\d+\.\d%/,
    );
  });

  it('scrolls the heat map inside a labeled region a keyboard can reach', async () => {
    const heatMap = await renderHeatMap();
    const region = screen.getByRole('region', { name: /^Heat map.*scrolls sideways/ });
    expect(region).toContainElement(heatMap);
    expect(region).toHaveAttribute('tabindex', '0');
  });
});

describe('EmbryoComparison: every condition held back', () => {
  it('still compares the embryos by their other results when the lab holds back every condition', async () => {
    // Counseling first (ADR 022): the person's view may hold no condition until they choose.
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
