import { describe, expect, it } from 'vitest';
import { addressLines } from './purchase.ts';

describe('addressLines', () => {
  const address = {
    name: 'Bea Buyer',
    line1: '1 Main St',
    city: 'Springfield',
    state: 'IL' as const,
    zip: '62701',
  };

  it('prints the address as on the parcel, with the apartment line when there is one', () => {
    expect(addressLines({ ...address, line2: 'Apt 4B', zip: '62701-1234' })).toEqual([
      'Bea Buyer',
      '1 Main St',
      'Apt 4B',
      'Springfield, IL 62701-1234',
    ]);
  });

  it('leaves out an apartment line that is missing or blank', () => {
    const expected = ['Bea Buyer', '1 Main St', 'Springfield, IL 62701'];
    expect(addressLines(address)).toEqual(expected);
    expect(addressLines({ ...address, line2: '' })).toEqual(expected);
    expect(addressLines({ ...address, line2: '   ' })).toEqual(expected);
  });
});
