import { describe, expect, it } from 'vitest';
import { contrastRatio, hexToRgb } from './contrast.ts';

describe('contrastRatio', () => {
  it('follows WCAG 2.1: black on white is 21:1, a color on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0c6b61', '#0c6b61')).toBe(1);
    // The portal's own teal, as the theme's comment says.
    expect(contrastRatio('#0c6b61', '#ffffff')).toBeCloseTo(6.4, 1);
  });
});

describe('hexToRgb', () => {
  it('reads #rrggbb and #rgb, in either case, and refuses anything else', () => {
    expect(hexToRgb('#0C6b61')).toEqual([12, 107, 97]);
    expect(hexToRgb('#fa0')).toEqual([255, 170, 0]);
    expect(() => hexToRgb('teal')).toThrow('Not a #rrggbb color: teal');
    expect(() => hexToRgb('#0c6b6')).toThrow('Not a #rrggbb color: #0c6b6');
  });
});
