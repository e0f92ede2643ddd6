/** What other features may use of charts (ADR 051): everything else here is its own. */
export { ChartFigure } from './chart-figure.tsx';
export { CHART_FONT_SIZE, CHART_WIDTH, LABEL_LINE_HEIGHT } from './chart-layout.ts';
export { default as chartsClasses } from './charts.module.css';
export { DensityChart } from './density-chart.tsx';
export { DotGrid } from './dot-grid.tsx';
export { RangeChart } from './range-chart.tsx';
