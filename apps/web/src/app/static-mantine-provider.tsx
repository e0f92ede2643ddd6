import { MantineContext, MantineThemeProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from '../theme.ts';

/**
 * Mantine for a portal whose styles are all static files.
 *
 * MantineProvider would inject <style> elements at run time (the theme's CSS variables and the
 * responsive visibility classes), which the content security policy forbids, and would bring
 * color-scheme switching the portal does not offer (contrast is checked for the light scheme
 * only). This provider gives components the same context without either: the variables come from
 * styles.css and theme.css, and index.html sets data-mantine-color-scheme="light" and
 * data-respect-reduced-motion on <html>, which MantineProvider would otherwise set from script.
 */
const context = {
  colorScheme: 'light',
  setColorScheme: () => undefined,
  clearColorScheme: () => undefined,
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  cssVariablesSelector: ':root',
  withStaticClasses: true,
} as const;

const testContext = { ...context, env: 'test' } as const;

export function StaticMantineProvider({
  children,
  env = 'default',
}: {
  children: ReactNode;
  /** 'test' turns off transitions and portals' delays, as Mantine recommends for tests. */
  env?: 'default' | 'test';
}) {
  return (
    <MantineContext value={env === 'test' ? testContext : context}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
