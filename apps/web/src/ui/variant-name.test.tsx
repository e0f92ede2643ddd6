import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VariantName, variantNamePieces } from './variant-name.tsx';

describe('variantNamePieces', () => {
  it('breaks after a colon, before a bracket and at a space, never inside a piece', () => {
    expect(variantNamePieces('NM_000492.4(CFTR):c.1521_1523del (p.Phe508del)')).toEqual([
      'NM_000492.4',
      '(CFTR):',
      'c.1521_1523del ',
      '(p.Phe508del)',
    ]);
    expect(variantNamePieces('c.-12A>G')).toEqual(['c.-12A>G']);
    expect(variantNamePieces('rs113993960')).toEqual(['rs113993960']);
  });
});

describe('VariantName', () => {
  it('keeps the whole name as its text, with a break opportunity only between pieces', () => {
    const { container } = render(<VariantName name="NM_000492.4(CFTR):c.1521_1523del" />);
    expect(container.textContent).toBe('NM_000492.4(CFTR):c.1521_1523del');
    expect(container.querySelectorAll('wbr')).toHaveLength(2);
  });
});
