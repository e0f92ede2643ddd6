// `npm test`: checks, unit, integration, build and end-to-end, in that order. Stops at the
// first failing step and ends with one summary line of every test that ran.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputDir = join(root, '.test-output');
rmSync(outputDir, { recursive: true, force: true });
mkdirSync(outputDir, { recursive: true });

const vitestReport = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(outputDir, `${name}.json`)}`,
];

const steps = [
  { name: 'check', command: ['npm', 'run', 'check'] },
  {
    name: 'unit',
    command: [
      'npx',
      'vitest',
      'run',
      '--project',
      'shared',
      '--project',
      'lab-client',
      '--project',
      'web',
      ...vitestReport('unit'),
    ],
    report: 'unit.json',
    kind: 'vitest',
  },
  {
    name: 'integration',
    command: ['npx', 'vitest', 'run', '--project', 'server', ...vitestReport('integration')],
    report: 'integration.json',
    kind: 'vitest',
  },
  { name: 'build', command: ['npm', 'run', 'build'] },
  {
    name: 'e2e',
    command: ['npx', 'playwright', 'test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: join(outputDir, 'e2e.json') },
    report: 'e2e.json',
    kind: 'playwright',
  },
];

const totals = { passed: 0, failed: 0, skipped: 0 };

function readCounts(step) {
  let report;
  try {
    report = JSON.parse(readFileSync(join(outputDir, step.report), 'utf8'));
  } catch {
    return null;
  }
  if (step.kind === 'vitest') {
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  }
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
  };
}

console.log(`Node.js ${process.version}`);

let failedStep = null;
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(step.command[0], step.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (step.report) {
    const counts = readCounts(step);
    if (counts) {
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      totals.skipped += counts.skipped;
      console.log(
        `=== ${step.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds} s)`,
      );
    }
  } else {
    console.log(`=== ${step.name}: ${result.status === 0 ? 'ok' : 'failed'} (${seconds} s)`);
  }
  if (result.status !== 0) {
    failedStep = step.name;
    if (step.report && totals.failed === 0) totals.failed = 1;
    break;
  }
}

if (failedStep) console.log(`\nStopped: the ${failedStep} step failed.`);
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
