/*
 * `npm run -s risk`: reads one JSON object per line on standard input, writes one JSON object
 * per line on standard output: {"baseline","selected","relativeReduction","absoluteReduction"}
 * or {"error": "…"} for a line that is not valid JSON or not a valid input (and goes on). Blank
 * lines are skipped. Exits 1 at the end when any line failed. See liability-model.ts.
 */
import { createInterface } from 'node:readline';
import { computeRisk, parseRiskInput } from './liability-model.ts';

/** The answer to one input line, as the JSON text to print. */
export function answerLine(line: string): { text: string; ok: boolean } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { text: JSON.stringify({ error: 'the line is not valid JSON' }), ok: false };
  }
  const parsed = parseRiskInput(value);
  if (!parsed.ok) return { text: JSON.stringify({ error: parsed.error }), ok: false };
  try {
    const { baseline, selected, relativeReduction, absoluteReduction } = computeRisk(parsed.input);
    return {
      text: JSON.stringify({ baseline, selected, relativeReduction, absoluteReduction }),
      ok: true,
    };
  } catch (error) {
    return { text: JSON.stringify({ error: (error as Error).message }), ok: false };
  }
}

async function main(): Promise<void> {
  let failed = false;
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const { text, ok } = answerLine(line);
    if (!ok) failed = true;
    process.stdout.write(`${text}\n`);
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
