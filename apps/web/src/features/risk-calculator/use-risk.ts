import {
  computeRisk,
  parseRiskInput,
  type RiskInput,
  type RiskResult,
} from '@nestling/shared/risk/liability-model';
import { useEffect, useMemo, useState } from 'react';

/*
 * The model runs in the page (it is the shared module, nothing is sent anywhere). A computation
 * takes from a tenth of a millisecond to a few milliseconds, so answers are cached by input and
 * the chart's ten points are computed after the page has painted, in slices of a few
 * milliseconds each, so that typing never waits for them.
 */

export type RiskAnswer = { ok: true; result: RiskResult } | { ok: false; error: string };

const CACHE_LIMIT = 300;
const cache = new Map<string, RiskAnswer>();

/** computeRisk, memoised by input; a refused input answers the model's message. */
export function riskAnswer(input: RiskInput): RiskAnswer {
  const key = JSON.stringify(input);
  const cached = cache.get(key);
  if (cached) return cached;
  const parsed = parseRiskInput(input);
  let answer: RiskAnswer;
  if (!parsed.ok) answer = parsed;
  else {
    try {
      answer = { ok: true, result: computeRisk(parsed.input) };
    } catch (error) {
      answer = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, answer);
  return answer;
}

export const CURVE_EMBRYOS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export interface CurvePoint {
  embryos: number;
  result: RiskResult;
}

/** Work per task before the page gets a turn (typing, painting). */
const SLICE_MS = 8;

/**
 * Runs `callback` in a task of its own, after the browser has had its turn. A message, not
 * setTimeout: nested timeouts are held back at least 4 ms each, which ten points would pay.
 * Answers a function that cancels it.
 */
function inNextTask(callback: () => void): () => void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    callback();
  };
  channel.port2.postMessage(null);
  return () => {
    channel.port1.onmessage = null;
    channel.port1.close();
  };
}

/**
 * The selected embryo's risk for 1 to 10 embryos, the other inputs as given: undefined until
 * all ten are known, null when the model refuses one of them.
 */
export function useRiskCurve(makeInput: ((embryos: number) => RiskInput) | null) {
  const inputs = useMemo(
    () => (makeInput === null ? null : CURVE_EMBRYOS.map((n) => makeInput(n))),
    [makeInput],
  );
  const [curve, setCurve] = useState<{ for: unknown; points: CurvePoint[] | null } | null>(null);
  useEffect(() => {
    if (inputs === null) return;
    const points: CurvePoint[] = [];
    let cancel: () => void = () => undefined;
    const work = () => {
      const start = performance.now();
      for (const input of inputs.slice(points.length)) {
        const answer = riskAnswer(input);
        if (!answer.ok) {
          setCurve({ for: inputs, points: null });
          return;
        }
        points.push({ embryos: input.embryos, result: answer.result });
        if (points.length < inputs.length && performance.now() - start > SLICE_MS) {
          cancel = inNextTask(work);
          return;
        }
      }
      setCurve({ for: inputs, points });
    };
    cancel = inNextTask(work);
    return () => {
      cancel();
    };
  }, [inputs]);
  return curve !== null && curve.for === inputs ? curve.points : undefined;
}
