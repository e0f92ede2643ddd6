import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { comparisonReport, weakCadReport } from './comparison-fixture.ts';
import { EmbryoDetail } from './embryo-detail.tsx';
import { EMBRYO_REPORT_PATHS } from './embryo-report-kind.ts';

describe('EmbryoDetail', () => {
  it('says in each condition how often the embryo would rank first and in the top two', async () => {
    // E2, fourth in the lab's list, has the lowest type 2 diabetes risk of the four.
    await renderWithRouter(
      <EmbryoDetail
        content={comparisonReport}
        embryo="4"
        links={{
          demo: false,
          paths: EMBRYO_REPORT_PATHS.standard,
          search: { report: 'report-1', version: undefined },
        }}
      />,
    );
    // Each condition opens on demand, and its ranking is worked out then.
    expect(screen.queryByText(/Among the 4 embryos with a result/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Type 2 Diabetes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Coronary Artery Disease' }));
    const section = screen.getByRole('region', { name: 'Type 2 Diabetes' });
    expect(section).toHaveTextContent(
      /Among the 4 embryos with a result, Embryo E2 ranks first, with the lowest genetic risk, in about [1-9] of 10 plausible outcomes, and in the top two in about [1-9] of 10/,
    );
    // In coronary artery disease E2 has the highest risk of the four: rarely first.
    expect(screen.getByRole('region', { name: 'Coronary Artery Disease' })).toHaveTextContent(
      /Embryo E2 ranks first, with the lowest genetic risk, in (fewer than 1 in 20|about [1-2] of 10) plausible outcomes/,
    );
  });
});

describe('EmbryoDetail: a score not accurate enough (ADR 030)', () => {
  it('says so in the table and the section, with no number, chart or ranking', async () => {
    await renderWithRouter(
      <EmbryoDetail
        content={weakCadReport}
        embryo="4"
        links={{
          demo: false,
          paths: EMBRYO_REPORT_PATHS.standard,
          search: { report: 'report-1', version: undefined },
        }}
      />,
    );
    const table = screen.getByRole('table', { name: /lifetime risk of each condition/ });
    const row = within(table).getByRole('row', { name: /Coronary Artery Disease/ });
    expect(row).toHaveTextContent('Not reported: the score is not accurate enough');
    expect(row).not.toHaveTextContent('%');
    // The details open on demand.
    fireEvent.click(screen.getByRole('button', { name: 'Open all sections' }));
    const section = screen.getByRole('region', { name: 'Coronary Artery Disease' });
    expect(section).toHaveTextContent('Not reported: the score is not accurate enough');
    expect(section).toHaveTextContent('a number would look more certain than it is');
    expect(section).not.toHaveTextContent('ranks first');
    expect(within(section).queryByRole('figure')).toBeNull();
    expect(within(section).queryByRole('img')).toBeNull();
    // The other condition is untouched.
    expect(screen.getByRole('region', { name: 'Type 2 Diabetes' })).toHaveTextContent(
      'ranks first',
    );
  });
});
