import type { TraitResult } from '@nestling/shared/contract/report';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { PERCENTILE_ONLY, TraitsTable } from './traits-table.tsx';

const model = { id: 'demo', version: '1.0' };

const traits: TraitResult[] = [
  { code: 'height', predicted: { value: 181.4, unit: 'cm' }, percentile: 72, model },
  // Scored against the population only: a percentile without a value.
  { code: 'hairloss', percentile: 40, model },
  { code: 'eyecolor', predicted: { value: 'Brown' }, model },
];

describe('TraitsTable', () => {
  it("never says 'Not predicted' beside a percentile", async () => {
    await renderWithRouter(<TraitsTable traits={traits} />, { path: '/reports/individual' });
    const table = screen.getByRole('table', { name: 'Predicted traits' });
    expect(table).not.toHaveTextContent(/not predicted/i);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['181.4 cm', '72nd'],
      [PERCENTILE_ONLY, '40th'],
      ['Brown', 'Not given'],
    ]);
    expect(PERCENTILE_ONLY).toBe('As a percentile');
  });
});
