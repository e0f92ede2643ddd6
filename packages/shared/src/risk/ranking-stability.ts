import { isDiseaseCode } from '../catalogue/diseases.ts';
import { conditionDefaults } from './condition-defaults.ts';
import { normalPdf, normalSf } from './normal.ts';

/*
 * How sure is an embryo ranking on one condition's polygenic score? (ADR 028)
 *
 * Embryos are ranked by their score: the lowest score has the lowest predicted risk and ranks
 * first. The score is an imperfect measure of an embryo's genetic predisposition. Within one
 * family only the part of the score and of the predisposition that differs between siblings
 * matters, and their correlation there is the score's within-family accuracy ρ (from the lab's
 * model data, see `withinFamilyAccuracy`).
 *
 * Model: with x_i the embryo's score in units of the siblings' spread, its predisposition in the
 * same units is g_i = ρ·x_i + σ·ε_i with σ = √(1 − ρ²) and ε_i independent standard normals. A
 * "plausible outcome" is one draw of the g_i; the question is how often each embryo has the
 * lowest g (ranks first) or one of the two lowest (top two).
 *
 * Method: exact up to one-dimensional numerical integration, no simulation. Given ε_i = t, the
 * other embryos are independent, each above embryo i with probability
 * Q_j(t) = Φ̄(t + ρ(x_i − x_j)/σ), so
 *   P(i first)   = ∫ φ(t) Π_j Q_j(t) dt,
 *   P(i second)  = ∫ φ(t) Σ_k (1 − Q_k(t)) Π_{j≠k} Q_j(t) dt   (j, k ≠ i).
 * The integrands are smooth (entire) and decay like φ, so the trapezoid rule on an even grid
 * converges faster than any power of the step: with step 1/8 on [−10, 10] (161 points) the
 * error is below 1e-9 for up to 20 embryos (the tests check it against a grid 8 times finer,
 * the closed form for two embryos and a seeded simulation).
 */

/** The largest accuracy used: at ρ = 1 the ranking is certain and σ = 0 divides. */
const MAX_ACCURACY = 1 - 1e-9;
const RANGE = 10;
const STEP = 1 / 8;

/** The stated bound on the numerical error of each probability. */
export const RANKING_STABILITY_ERROR = 1e-9;

export interface RankingStability {
  /** For each embryo, in the order given: how often it ranks first. Sums to 1. */
  readonly first: readonly number[];
  /** For each embryo: how often it ranks first or second. Sums to 2 (1 for a single embryo). */
  readonly topTwo: readonly number[];
}

/**
 * The chance each embryo ranks first and in the top two, lowest score first.
 * `scores`: each embryo's standardised polygenic score for one condition (only differences
 * matter). `accuracy`: the score's within-family correlation with predisposition, in [0, 1].
 * `step`: the integration grid's step (the tests compare against a finer one).
 */
export function rankingStability(
  scores: readonly number[],
  accuracy: number,
  step = STEP,
): RankingStability {
  const n = scores.length;
  if (n === 0) return { first: [], topTwo: [] };
  if (n === 1) return { first: [1], topTwo: [1] };
  if (!(accuracy >= 0 && accuracy <= 1)) {
    throw new RangeError(`accuracy must be between 0 and 1, got ${String(accuracy)}`);
  }
  const rho = Math.min(accuracy, MAX_ACCURACY);
  const sigma = Math.sqrt(1 - rho * rho);
  // The siblings' score spread is 1/√2 of the population's: x_i in units of that spread.
  const spread = Math.SQRT1_2;
  const shift = rho / sigma / spread;

  // A grid symmetric about 0 by construction (t_p = −t_mirror exactly), which the tails use.
  const half = Math.round(RANGE / step);
  const points = 2 * half + 1;
  // Φ̄(t + shift·(x_i − x_j)) for each pair i < j at every point. The other direction needs no
  // evaluation of its own: Φ̄(t − d) = 1 − Φ̄(−t + d), the pair's entry at the mirrored point.
  // The tails are the integration's main cost, so this halves it (to within 1e-16 each).
  const tails = new Float64Array(n * n * points);
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const difference = shift * ((scores[i] ?? 0) - (scores[j] ?? 0));
      const offset = (i * n + j) * points;
      for (let point = 0; point < points; point += 1) {
        tails[offset + point] = normalSf((point - half) * step + difference);
      }
    }
  }
  const first = new Array<number>(n).fill(0);
  const second = new Array<number>(n).fill(0);
  const above = new Float64Array(n);
  const prefix = new Float64Array(n + 1);
  const suffix = new Float64Array(n + 1);

  for (let point = 0; point < points; point += 1) {
    const t = (point - half) * step;
    const mirror = points - 1 - point;
    const weight = normalPdf(t) * step * (point === 0 || point === points - 1 ? 0.5 : 1);
    for (let i = 0; i < n; i += 1) {
      // Q_j for every other embryo (1 for i itself, so products can run over all j).
      for (let j = 0; j < n; j += 1) {
        above[j] =
          j === i
            ? 1
            : i < j
              ? (tails[(i * n + j) * points + point] ?? 0)
              : 1 - (tails[(j * n + i) * points + mirror] ?? 0);
      }
      prefix[0] = 1;
      for (let j = 0; j < n; j += 1) prefix[j + 1] = (prefix[j] ?? 0) * (above[j] ?? 0);
      suffix[n] = 1;
      for (let j = n - 1; j >= 0; j -= 1) suffix[j] = (suffix[j + 1] ?? 0) * (above[j] ?? 0);
      const allAbove = prefix[n] ?? 0;
      let oneBelow = 0;
      for (let k = 0; k < n; k += 1) {
        if (k === i) continue;
        oneBelow += (1 - (above[k] ?? 0)) * (prefix[k] ?? 0) * (suffix[k + 1] ?? 0);
      }
      first[i] = (first[i] ?? 0) + weight * allAbove;
      second[i] = (second[i] ?? 0) + weight * oneBelow;
    }
  }
  return {
    first,
    topTwo: first.map((value, index) => Math.min(1, value + (second[index] ?? 0))),
  };
}

/**
 * The score's within-family accuracy ρ from the population r² and heritability h² (both on the
 * liability scale): ρ = a·√(r²/h²), the correlation of score and genetic value, times the share
 * `directShare` (a) of the score's association that holds between siblings. The lab may give ρ
 * per model instead.
 */
export function withinFamilyAccuracy(r2: number, heritability: number, directShare = 1): number {
  if (!(r2 > 0 && heritability > 0)) return 0;
  return Math.min(1, directShare * Math.sqrt(Math.min(1, r2 / heritability)));
}

/**
 * The share of a score's population association that holds between siblings, when the lab
 * gives no within-family accuracy. Within-sibship studies (Howe et al. 2022, Nature Genetics
 * 54:581) found population estimates shrink within families, little for most physical traits and
 * diseases, by up to about half for cognitive and social ones; 0.8 is our cautious choice for
 * diseases, and it makes a ranking look less sure, never more.
 */
export const DEFAULT_DIRECT_SHARE = 0.8;

export interface ConditionAccuracy {
  readonly value: number;
  /** Where it comes from: the lab's model data, or the catalogue's r² and heritability. */
  readonly source: 'lab' | 'catalogue';
}

/**
 * The within-family accuracy to use for a condition: the lab's, when its model data gives one,
 * else one derived from the catalogue's r² and heritability; undefined for a condition outside
 * the catalogue that the lab gave none for.
 */
export function conditionAccuracy(
  code: string,
  labValue: number | undefined,
): ConditionAccuracy | undefined {
  if (labValue !== undefined) return { value: labValue, source: 'lab' };
  if (!isDiseaseCode(code)) return undefined;
  const defaults = conditionDefaults[code];
  return {
    value: withinFamilyAccuracy(
      defaults.r2.value,
      defaults.heritability.value,
      DEFAULT_DIRECT_SHARE,
    ),
    source: 'catalogue',
  };
}

/** 'about 6 of 10', or the ends said plainly: 'nearly all', 'fewer than 1 in 20'. */
export function outcomesInWords(probability: number): string {
  if (probability >= 0.95) return 'nearly all';
  if (probability < 0.05) return 'fewer than 1 in 20';
  return `about ${String(Math.max(1, Math.min(9, Math.round(probability * 10))))} of 10`;
}
