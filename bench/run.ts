/*
 * `npm run bench`: runs every bench file in this folder (or those named on the command line).
 * A file exports `benches` (each timed with its warm-up first, printed in one table: name,
 * runs, median and 95th percentile in milliseconds) and/or `measures` (each answers rows of its
 * own figures, such as requests per second or Lighthouse scores, printed as a table under its
 * name). Figures vary with the machine, so they are reported here and never asserted in a test.
 */
import { readdir } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';

export interface Bench {
  readonly name: string;
  readonly runs: number;
  readonly warmup: number;
  /** One timed run; what it resolves to is ignored. */
  readonly run: () => Promise<unknown>;
}

/** A measurement that is not one timing: it answers its own rows of figures. */
export interface Measure {
  readonly name: string;
  readonly run: () => Promise<readonly Record<string, string | number>[]>;
}

interface Row {
  name: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
}

/** The value at quantile q (0-1) of sorted values, by the nearest-rank method. */
function quantile(sorted: readonly number[], q: number): number {
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

async function measure(bench: Bench): Promise<Row> {
  for (let index = 0; index < bench.warmup; index += 1) await bench.run();
  const times: number[] = [];
  for (let index = 0; index < bench.runs; index += 1) {
    const start = performance.now();
    await bench.run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    name: bench.name,
    runs: bench.runs,
    medianMs: quantile(times, 0.5),
    p95Ms: quantile(times, 0.95),
  };
}

const folder = new URL('.', import.meta.url);
const wanted = process.argv.slice(2);
const files = (await readdir(folder))
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(name)))
  .sort();

const rows: Row[] = [];
const measured: { name: string; rows: readonly Record<string, string | number>[] }[] = [];
for (const file of files) {
  const module = (await import(new URL(file, folder).href)) as {
    benches?: readonly Bench[];
    measures?: readonly Measure[];
  };
  for (const bench of module.benches ?? []) rows.push(await measure(bench));
  for (const item of module.measures ?? [])
    measured.push({ name: item.name, rows: await item.run() });
}

for (const item of measured) {
  console.log(`\n${item.name}`);
  console.table(item.rows);
}

if (rows.length > 0) {
  console.log('\nTimings');
  console.table(
    rows.map((row) => ({
      name: row.name,
      runs: row.runs,
      'median ms': Number(row.medianMs.toFixed(1)),
      'p95 ms': Number(row.p95Ms.toFixed(1)),
    })),
  );
}
console.log(
  `Node ${process.version}. Reproduce: npm run bench${wanted.length > 0 ? ` -- ${wanted.join(' ')}` : ''}`,
);
