// `npm run audit`: fails when a production dependency has a known high or critical
// vulnerability. A registry that does not answer the audit request (a mirror without the
// advisory endpoint) is reported and skipped: that is not a finding, and CI says so.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.log(`npm audit: no answer to read (exit ${String(run.status)}); skipped.`);
  process.exit(0);
}
if (report.metadata?.vulnerabilities === undefined) {
  const why = report.message ?? report.error?.summary ?? 'no advisory data';
  console.log(`npm audit: the registry did not answer the audit (${why}); skipped.`);
  process.exit(0);
}
const counts = report.metadata.vulnerabilities;
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit: ${String(counts.total ?? 0)} known vulnerabilities in production dependencies ` +
    `(${String(counts.critical ?? 0)} critical, ${String(counts.high ?? 0)} high).`,
);
if (serious > 0) {
  for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
    if (entry.severity === 'high' || entry.severity === 'critical') {
      console.log(`  ${name}: ${entry.severity} (${String(entry.range ?? '')})`);
    }
  }
  process.exit(1);
}
