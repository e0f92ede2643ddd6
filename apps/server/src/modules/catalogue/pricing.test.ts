import { describe, expect, it } from 'vitest';
import { discountFor, productName } from './service.ts';

const percent = (percentOff: number) => ({ percentOff, amountOffCents: null });
const amount = (amountOffCents: number) => ({ percentOff: null, amountOffCents });

describe('discountFor', () => {
  it('takes a percentage off in whole cents, rounding half a cent up', () => {
    expect(discountFor(149_800, percent(10))).toBe(14_980);
    // 15% of $999.99 is $149.9985: $150.00.
    expect(discountFor(99_999, percent(15))).toBe(15_000);
    // 5% of 10 cents is half a cent: up to 1; of 9 cents, 0.45 of a cent: down to 0.
    expect(discountFor(10, percent(5))).toBe(1);
    expect(discountFor(9, percent(5))).toBe(0);
    expect(discountFor(149_800, percent(100))).toBe(149_800);
  });

  it('takes an amount off, never more than the price', () => {
    expect(discountFor(79_900, amount(10_000))).toBe(10_000);
    expect(discountFor(3_000, amount(5_000))).toBe(3_000);
    expect(discountFor(0, amount(5_000))).toBe(0);
  });
});

describe('productName', () => {
  it('names each product with the naming helper of spec section 9', () => {
    expect(productName('couple')).toBe('Preconception Genetic Screening');
    expect(productName('couple-30x')).toBe('Preconception Genetic Screening - 30x');
    expect(productName('individual')).toBe('Preconception Genetic Screening - Individual');
    expect(productName('individual-30x')).toBe(
      'Preconception Genetic Screening - 30x - Individual',
    );
  });
});
