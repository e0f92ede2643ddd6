import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@nestling/shared/contrast';
import { brandColorProblem, brandShades, MIN_BRAND_CONTRAST } from './colors.ts';

describe('brandShades', () => {
  // Colors labs use, from the lightest that passes to near-black, in several hues.
  const colors = ['#0c6b61', '#7a1f5c', '#1864ab', '#b02525', '#6b4c00', '#4b2e83', '#0a0a0a'];
  const passing = [...colors, '#707070', '#c0008a'].filter(
    (color) => brandColorProblem(color) === null,
  );

  it('has the hues to test', () => {
    expect(passing).toHaveLength(9);
  });

  it.each(passing)(
    'keeps %s itself as shade 7 and orders the ten shades light to dark',
    (color) => {
      const shades = brandShades(color);
      expect(shades).toHaveLength(10);
      expect(shades[7]).toBe(color);
      for (let index = 1; index < shades.length; index += 1) {
        expect(contrastRatio(shades[index] ?? '', '#ffffff')).toBeGreaterThan(
          contrastRatio(shades[index - 1] ?? '', '#ffffff'),
        );
      }
    },
  );

  it.each(passing)('with %s, every pairing the theme draws text with reads at 4.5:1', (color) => {
    const shades = brandShades(color);
    const shade = (index: number) => shades[index] ?? '';
    // Filled buttons: white text on shade 7, darker on hover (8).
    expect(contrastRatio('#ffffff', shade(7))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', shade(8))).toBeGreaterThanOrEqual(4.5);
    // The light variant (badges, notices): shade 9 text on shade 1, and on the hover shade 2.
    expect(contrastRatio(shade(9), shade(1))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade(9), shade(2))).toBeGreaterThanOrEqual(4.5);
    // Links (shade 7) on the palest tint, the sign-in page's panel.
    expect(contrastRatio(shade(7), shade(0))).toBeGreaterThanOrEqual(MIN_BRAND_CONTRAST);
  });
});

describe('brandColorProblem', () => {
  it('accepts a #rrggbb color with at least 4.5:1 on its light backgrounds, in either case', () => {
    expect(brandColorProblem('#0c6b61')).toBeNull();
    expect(brandColorProblem('#7A1F5C')).toBeNull();
  });

  it('refuses a color too light for white text, saying by how much and what to do', () => {
    expect(brandColorProblem('#5fc1b5')).toBe(
      "has 2.0:1 contrast against the portal's light backgrounds; white text on buttons and " +
        'the color as link text need at least 4.5:1. Choose a darker shade.',
    );
    // #767676 is 4.54:1 on white, yet only 4.1:1 on its palest tint, where the sign-in page
    // puts a link: refused, and the figure is rounded down, so it never reads as enough.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThan(4.5);
    expect(brandColorProblem('#767676')).toContain('has 4.1:1 contrast');
    expect(brandColorProblem('#707070')).toBeNull();
  });

  it.each(['teal', '#0c6b6', '#0c6b61ff', '0c6b61', 'rgb(12,107,97)'])(
    'refuses %s, which is not written #rrggbb',
    (text) => {
      expect(brandColorProblem(text)).toBe('must be a color written #rrggbb, such as #0c6b61');
    },
  );
});
