import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { comparisonReport } from './comparison-fixture.ts';
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
