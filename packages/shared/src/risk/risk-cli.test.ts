import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('./risk-cli.ts', import.meta.url));

describe('npm run risk (one JSON object per line)', () => {
  it('answers each line, reports a bad line as an error and goes on, and exits 1', () => {
    const input = [
      '{"prevalence":0.01,"r2":0.3,"embryos":5,"strategy":"exclude","excludeTop":0.02,"parents":{"kind":"population"}}',
      'not json',
      '',
      '{"prevalence":0.05,"r2":0.1,"embryos":21,"strategy":"lowest","parents":{"kind":"population"}}',
      '{"prevalence":0.05,"r2":0.1,"embryos":5,"strategy":"lowest","parents":{"kind":"scores","percentiles":[0.98,0.25]}}',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli], { input, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const [first, second, third, fourth, ...rest] = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rest).toHaveLength(0);
    expect(Object.keys(first ?? {})).toEqual([
      'baseline',
      'selected',
      'relativeReduction',
      'absoluteReduction',
    ]);
    expect(first?.relativeReduction as number).toBeCloseTo(0.18956, 5);
    expect(second).toEqual({ error: 'the line is not valid JSON' });
    expect(third).toEqual({ error: 'embryos: must be a whole number from 1 to 20' });
    expect(fourth?.baseline as number).toBeGreaterThan(0.05);
    expect(run.status).toBe(1);
  });

  it('exits 0 when every line is answered', () => {
    const input =
      '{"prevalence":0.05,"r2":0.1,"embryos":5,"strategy":"lowest","parents":{"kind":"disease","affected":2,"heritability":0.4}}\n';
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli], { input, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as { relativeReduction: number }).relativeReduction).toBeCloseTo(
      0.35294,
      4,
    );
  });
});
