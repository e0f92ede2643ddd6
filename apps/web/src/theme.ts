import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

/**
 * The portal's primary colour: a deep teal. Shade 7 is the filled/anchor shade; white text on it
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

export const theme: MantineThemeOverride = createTheme({
  primaryColor: 'nestling',
  primaryShade: { light: 7, dark: 7 },
  colors: { nestling: nestlingTeal },
  black: '#1a1b1e',
  focusRing: 'auto',
  defaultRadius: 'md',
  respectReducedMotion: true,
  cursorType: 'pointer',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  components: {
    // Links inside text must not rely on colour alone (WCAG 1.4.1): always underlined.
    Anchor: { defaultProps: { underline: 'always' } },
  },
  headings: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '700',
  },
});

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
  },
  dark: {},
});
