import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
} from '@mantine/core';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, lightVariantTextColors, nestlingTeal, theme } from './theme.ts';
import { contrastRatio } from '@nestling/shared/contrast';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);

/**
 * The CSS variables Mantine would inject for the theme, minus those its static CSS already has.
 * The portal forces the light color scheme, so the dark scheme's variables are left out.
 */
function themeVariables(): ConvertCSSVariablesInput {
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const ours = defaultCssVariablesResolver(merged);
  const extra = cssVariablesResolver(merged);
  const diff = (part: 'variables' | 'light' | 'dark') => {
    const all: Record<string, string> = { ...ours[part], ...extra[part] };
    const before: Record<string, string> = defaults[part];
    return Object.fromEntries(
      Object.entries(all).filter(([name, value]) => before[name] !== value),
    );
  };
  return { variables: diff('variables'), light: diff('light'), dark: {} };
}

function color(name: string, shade: number): string {
  const value = merged.colors[name]?.[shade];
  if (!value) throw new Error(`no color ${name}.${shade}`);
  return value;
}

describe('theme', () => {
  it('theme.css holds exactly the CSS variables Mantine would generate for the theme', async () => {
    const file = join(import.meta.dirname, 'theme.css');
    const css = [
      '/* Generated from theme.ts by theme.test.ts (`npx vitest run --project web -u` rewrites it). */',
      convertCssVariables(themeVariables(), ':root'),
    ].join('\n');
    const formatted = await format(css, { ...(await resolveConfig(file)), parser: 'css' });
    await expect(formatted).toMatchFileSnapshot('./theme.css');
  });

  const white = merged.white;
  const primary = color('nestling', 7);
  const pairs: [string, string, string][] = [
    ['white text on the filled primary (buttons)', white, primary],
    ['white text on the hover primary', white, color('nestling', 8)],
    ['primary links on white', primary, white],
    ['primary links on the footer (gray 0)', primary, color('gray', 0)],
    ['body text on white', merged.black, white],
    ['secondary text (gray 7) on white', color('gray', 7), white],
    ['footer text (gray 8) on gray 0', color('gray', 8), color('gray', 0)],
    ['error text (red 9) on white', color('red', 9), white],
  ];

  // The 'light' variant's background: shade 6 at 10 % over white.
  const lightBackground = (name: string) => {
    const hex = color(name, 6);
    const mixed = [1, 3, 5].map((i) => {
      const channel = parseInt(hex.slice(i, i + 2), 16);
      return Math.round(255 - 0.1 * (255 - channel));
    });
    return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
  };
  for (const [name, text] of Object.entries(lightVariantTextColors)) {
    pairs.push([`${name} alert text on its light background`, text, lightBackground(name)]);
  }

  it.each(pairs)('%s meets WCAG AA (4.5:1)', (_name, foreground, background) => {
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('uses shade 7 of its own teal, not Mantine blue', () => {
    expect(merged.primaryColor).toBe('nestling');
    expect(merged.primaryShade).toEqual({ light: 7, dark: 7 });
    expect(nestlingTeal[7]).toBe(primary);
    expect(contrastRatio(color('blue', 6), white)).toBeLessThan(4.5);
  });

  it('shows a focus ring for keyboard users', () => {
    expect(merged.focusRing).toBe('auto');
  });

  /*
   * The ring (styles.css and Mantine's own: 2 px of the filled primary, 2 px outside the element)
   * sits on the background around the element, never on the element itself: WCAG 2.4.13 and
   * 1.4.11 ask 3:1 against it. The backgrounds are every one the portal paints: the page, the
   * footer and side panels (gray 0), pale primary panels (primary 0), the staff bars (yellow 1)
   * and the embryo table's track (gray 2). Measured: 6.38, 6.05, 5.73, 5.72 and 5.38 to 1.
   */
  const ringBackgrounds: [string, string, number][] = [
    ['the page (white)', white, 6.38],
    ['the footer and side panels (gray 0)', color('gray', 0), 6.05],
    ['pale primary panels (primary 0)', color('nestling', 0), 5.73],
    ['the staff bars (yellow 1)', color('yellow', 1), 5.72],
    ['the embryo table track (gray 2)', color('gray', 2), 5.38],
  ];
  it.each(ringBackgrounds)(
    'the focus ring has at least 3:1 against %s',
    (_name, background, measured) => {
      const ratio = contrastRatio(primary, background);
      expect(ratio).toBeGreaterThanOrEqual(3);
      expect(ratio).toBeCloseTo(measured, 1);
    },
  );
});
