import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

/**
 * The portal's primary color: a deep teal. Shade 7 is the filled/anchor shade; white text on it
 * is 6.4:1 and it is 6.4:1 as text on white (WCAG AA needs 4.5:1). Mantine's default blue
 * (shade 6) is only 3.6:1, which is why the theme does not use it.
 */
export const nestlingTeal: MantineColorsTuple = [
  '#e6f6f4',
  '#c7ebe6',
  '#96d8cf',
  '#5fc1b5',
  '#35a99b',
  '#1d9284',
  '#127d71',
  '#0c6b61',
  '#085a52',
  '#044741',
];

/**
 * The portal's typeface (fonts.css, self-hosted), then the system's own sans-serif while it
 * loads or where it cannot. The design tokens (colors, type scale, spacing, radii) are all in
 * this theme; docs/design-system.md says how pages use them.
 */
const FONT_FAMILY =
  '"Source Sans 3", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme: MantineThemeOverride = createTheme({
  primaryColor: 'nestling',
  primaryShade: { light: 7, dark: 7 },
  colors: { nestling: nestlingTeal },
  black: '#1a1b1e',
  focusRing: 'auto',
  defaultRadius: 'md',
  respectReducedMotion: true,
  cursorType: 'pointer',
  fontFamily: FONT_FAMILY,
  fontFamilyMonospace: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  // The type scale (rem; 1 rem = 16 px). Body text is md, 17 px: Source Sans has a small
  // x-height, and health services read best a step above the usual 16. sm (15 px) for secondary
  // text and table cells; xs (13 px) only for chart ticks and fine print. Line height 1.55 for
  // reading, tighter for headings.
  fontSizes: { xs: '0.8125rem', sm: '0.9375rem', md: '1.0625rem', lg: '1.1875rem', xl: '1.375rem' },
  lineHeights: { xs: '1.4', sm: '1.45', md: '1.55', lg: '1.6', xl: '1.65' },
  // Spacing steps (rem): xs 10 px inside controls, sm 12 between a label and its hint, md 16
  // between fields and the page's side margins, lg 20 between groups, xl 32 between sections.
  spacing: { xs: '0.625rem', sm: '0.75rem', md: '1rem', lg: '1.25rem', xl: '2rem' },
  radius: { xs: '2px', sm: '4px', md: '8px', lg: '16px', xl: '32px' },
  components: {
    // Links inside text must not rely on color alone (WCAG 1.4.1): always underlined.
    Anchor: { defaultProps: { underline: 'always' } },
  },
  headings: {
    fontFamily: FONT_FAMILY,
    fontWeight: '700',
    // A page has one h1 (its title); h2 for its parts, h3 for a part's items, h4 inside cards.
    sizes: {
      h1: { fontSize: '2.25rem', lineHeight: '1.25' },
      h2: { fontSize: '1.75rem', lineHeight: '1.3' },
      h3: { fontSize: '1.4375rem', lineHeight: '1.35' },
      h4: { fontSize: '1.1875rem', lineHeight: '1.4' },
      h5: { fontSize: '1.0625rem', lineHeight: '1.5' },
      h6: { fontSize: '0.9375rem', lineHeight: '1.5' },
    },
  },
});

/**
 * Text on the pale 'light' backgrounds (alerts, badges): Mantine uses shade 6, which is about
 * 2.5:1 to 3.5:1 there. These darker tones reach 4.5:1 or more (theme.test.ts measures them).
 */
export const lightVariantTextColors = {
  green: '#1f6b30',
  blue: '#1864ab',
  red: '#b02525',
  yellow: '#6b4c00',
  orange: '#8c3a00',
} as const;

/**
 * Mantine's light-scheme defaults for secondary text (gray 6, 3.3:1), errors (red 6, 3.3:1)
 * and placeholders fail AA on white; these use darker shades (gray 7 is 8.2:1, red 9 is 5.4:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      Object.entries(lightVariantTextColors).map(([name, value]) => [
        `--mantine-color-${name}-light-color`,
        value,
      ]),
    ),
  },
  dark: {},
});

/**
 * The report charts' colors, from the Okabe–Ito palette, which people with the common forms of
 * color blindness can tell apart. Its orange, sky blue, yellow and reddish purple are too pale
 * on white to carry meaning alone (under 3:1), so sky blue only fills the population area,
 * whose outline is blue; everything else a reader must see is at least 3:1 on white, and text
 * is the body color. Color is never the only cue: markers are labeled, and the dot grid uses
 * filled dots for the person and rings for the average. charts/palette.test.ts measures these.
 */
export const chartPalette = {
  background: '#ffffff',
  /** Labels and tick text. */
  text: '#1a1b1e',
  /** Axis lines and tick marks (Mantine gray 7). */
  axis: '#495057',
  /** Okabe–Ito sky blue: the density chart's area, always inside a populationLine outline. */
  populationFill: '#56b4e9',
  /** Okabe–Ito blue: the population curve, the children's range bar, the person's filled dots. */
  populationLine: '#0072b2',
  range: '#0072b2',
  riskDot: '#0072b2',
  /** Okabe–Ito black: the person's or embryos' lines on the density chart, the expected value. */
  marker: '#000000',
  /** Okabe–Ito vermillion: embryos on the range chart, the population average's rings. */
  embryo: '#d55e00',
  averageRing: '#d55e00',
  /** Outline of an empty dot (Mantine gray 6). */
  emptyDot: '#868e96',
} as const;
