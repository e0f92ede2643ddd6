/*
 * Once the whole e2e suite has run, before the servers stop: a Prometheus scrape of the main
 * server (METRICS_TOKEN, serve.mjs) must show the requests the suite made, counted by route
 * pattern, and the job queue's gauges (ADR 045). The scrape is kept in .test-output.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { E2E_METRICS_TOKEN } from './metrics-token.ts';

const outputDir = fileURLToPath(new URL('../.test-output/', import.meta.url));

/** The sum of a metric's samples whose name and labels match. */
function total(text: string, pattern: RegExp): number {
  return text
    .split('\n')
    .filter((line) => pattern.test(line))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

export default async function scrapeMetrics(): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 8190);
  const response = await fetch(`http://127.0.0.1:${String(port)}/metrics`, {
    headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`The metrics scrape answered ${String(response.status)}`);
  const text = await response.text();
  await writeFile(`${outputDir}e2e-metrics.txt`, text);

  const requests = total(text, /^http_request_duration_seconds_count\{/);
  const reportReads = total(
    text,
    /^http_request_duration_seconds_count\{.*route="\/api\/reports\/:id".*status_code="200"/,
  );
  const queueLines = text.split('\n').filter((line) => line.startsWith('job_queue_jobs{'));
  const mailsSent = total(text, /^job_queue_jobs\{.*state="succeeded".*kind="mail"/);
  console.log(
    `Metrics after the e2e run: ${String(requests)} requests counted ` +
      `(${String(reportReads)} report reads), ${String(queueLines.length)} job queue gauges, ` +
      `${String(mailsSent)} mails sent, scrape in .test-output/e2e-metrics.txt`,
  );
  if (requests === 0) throw new Error('The metrics counted no request after the e2e run');
  // A series per state and kind of the jobs the table holds: none while it is empty.
  if (!text.includes('# TYPE job_queue_jobs gauge')) {
    throw new Error('The metrics have no job queue gauge');
  }
  if (!/^job_queue_oldest_due_seconds \d/m.test(text)) {
    throw new Error('The metrics have no age of the oldest job');
  }
}
