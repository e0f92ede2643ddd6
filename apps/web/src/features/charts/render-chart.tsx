import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { StaticMantineProvider } from '../../app/static-mantine-provider.tsx';
import { CHART_FONT_SIZE, PHONE_CHART_WIDTH } from './chart-layout.ts';

/** A chart on its own, with the Mantine context its table needs (tests only). */
export function renderChart(chart: ReactNode) {
  return render(<StaticMantineProvider env="test">{chart}</StaticMantineProvider>);
}

/**
 * The smallest text in an SVG as it would be drawn on a 390 px phone: viewBox units scaled by
 * PHONE_CHART_WIDTH / the viewBox width. Fails loudly if a text has no font size of its own.
 */
export function smallestPhoneFontPx(svg: SVGSVGElement): number {
  const viewBoxWidth = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const sizes = [...svg.querySelectorAll('text')].map((text) =>
    Number(text.getAttribute('font-size')),
  );
  if (sizes.some((size) => !Number.isFinite(size) || size <= 0)) {
    throw new Error('Every chart text needs a font-size attribute.');
  }
  return (Math.min(CHART_FONT_SIZE, ...sizes) * PHONE_CHART_WIDTH) / viewBoxWidth;
}
