// `npm run test:slowest [-- <count>]`: the slowest tests of each kind in the last `npm test`
// (its JSON reports in .test-output), to look at when the suite grows slower.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputDir = join(root, '.test-output');
const count = Number(process.argv[2] ?? 20);

/** Vitest's JSON report: every test with its file and duration. */
function vitestTests(report) {
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      name: `${relative(root, file.name)} › ${test.fullName}`,
      ms: test.duration ?? 0,
    })),
  );
}

/** Playwright's JSON report: every test of every project, with the time of its last try. */
function playwrightTests(report) {
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        tests.push({
          name: `${spec.file} › [${test.projectName}] ${[...titles, spec.title].join(' › ')}`,
          ms: test.results.at(-1)?.duration ?? 0,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.title ? [...titles] : titles);
  };
  for (const suite of report.suites) walk(suite, []);
  return tests;
}

const kinds = [
  { name: 'unit', file: 'unit.json', read: vitestTests },
  { name: 'integration', file: 'integration.json', read: vitestTests },
  { name: 'e2e', file: 'e2e.json', read: playwrightTests },
];

for (const kind of kinds) {
  const path = join(outputDir, kind.file);
  if (!existsSync(path)) {
    console.log(`\n${kind.name}: no report (${relative(root, path)}); run npm test first`);
    continue;
  }
  const tests = kind.read(JSON.parse(readFileSync(path, 'utf8')));
  const totalMs = tests.reduce((sum, test) => sum + test.ms, 0);
  const slowest = tests.sort((a, b) => b.ms - a.ms).slice(0, count);
  const slowestMs = slowest.reduce((sum, test) => sum + test.ms, 0);
  console.log(
    `\n${kind.name}: the ${String(slowest.length)} slowest of ${String(tests.length)} tests take ` +
      `${(slowestMs / 1000).toFixed(1)} s of ${(totalMs / 1000).toFixed(1)} s (summed, not wall time)`,
  );
  for (const test of slowest) {
    console.log(`${(test.ms / 1000).toFixed(1).padStart(7)} s  ${test.name}`);
  }
}
