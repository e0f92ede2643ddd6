import * as z from 'zod/mini';
import { normalCdf, normalPdf, normalQuantile, normalSf, normalSfQuantile } from './normal.ts';
import { bivariateNormalUpper } from './bivariate-normal.ts';
import { integrate, type QuadratureOptions } from './quadrature.ts';

/*
 * Embryo selection on a polygenic score under the liability-threshold model of Lencz,
 * Backenroth et al., Carmi (2021), "Utility of polygenic embryo screening for disease depends
 * on the selection strategy", eLife 10:e64716 (Methods, Appendices 1–6), computed by
 * deterministic numerical integration (no simulation). See docs/decisions/017.
 *
 * Liability y ~ N(0, 1); affected when y > z_K = Φ̄⁻¹(K). An embryo's score s_i = c + x_i, with
 * c ~ N(0, r²/2) shared by the siblings (the parents' mean score) and x_i ~ N(0, r²/2) its own;
 * y_i = s_i + e with e ~ N(0, 1 − r²) (given c, e is the rest of the liability, shared in
 * distribution, independent of x_i).
 *
 * - lowest: the embryo with the lowest score. The minimum of n standard normals has density
 *   n·φ(t)·Φ̄(t)^(n−1).
 * - exclude: a random embryo among those with s < z_q·r (the population's top q excluded);
 *   when all n are above, a random one. Given c, once at least one embryo is below, the chosen
 *   one is distributed as one embryo conditioned on being below, whatever their number, so
 *   the binomial count collapses to P(at least one below) = 1 − Φ̄(γ)^n, γ = (z_q·r − c)/(r/√2).
 * - parents' score percentiles p₁, p₂: c = r·(Φ⁻¹(p₁) + Φ⁻¹(p₂))/2 is known.
 * - parents' disease status (Appendix 6, lowest only): each parent's genetic value
 *   g ~ N(0, h²), affected when g + ε > z_K, ε ~ N(0, 1 − h²); given the parents' g, a child's
 *   liability is (g₁+g₂)/2 + x + rest with x the score deviation (variance r²/2) and the rest of
 *   variance 1 − h²/2 − r²/2.
 */

export const MAX_EMBRYOS = 20;

const SQRT2 = Math.SQRT2;
/** Integration range in standard-normal units: φ(12) ≈ 2e-32, below any risk this answers. */
const L = 12;
const INNER: QuadratureOptions = { relTol: 1e-10, initialPieces: 4 };
const OUTER: QuadratureOptions = { relTol: 1e-9 };

export type Strategy = 'lowest' | 'exclude';

export type Parents =
  | { kind: 'population' }
  | { kind: 'scores'; percentiles: [number, number] }
  | { kind: 'disease'; affected: 0 | 1 | 2; heritability: number };

export interface RiskInput {
  /** K, the prevalence (lifetime risk) of the condition, in (0, 1). */
  prevalence: number;
  /** r², the variance in liability the score explains, in (0, 1). */
  r2: number;
  /** n, the number of embryos to choose from, 1–20. */
  embryos: number;
  strategy: Strategy;
  /** q, the top fraction of the population's scores excluded (strategy "exclude" only). */
  excludeTop?: number;
  parents: Parents;
}

export interface RiskResult {
  /** The risk of a random embryo (no selection), given what is known about the parents. */
  baseline: number;
  /** The risk of the selected embryo. */
  selected: number;
  /** 1 − selected / baseline. */
  relativeReduction: number;
  /** baseline − selected. */
  absoluteReduction: number;
}

/* ------------------------------------------------------------------ validation */

export const OPEN_UNIT_MESSAGE = 'must be a number greater than 0 and less than 1';

function openUnit() {
  const message = OPEN_UNIT_MESSAGE;
  return z
    .number({ error: message })
    .check(z.gt(0, { error: message }), z.lt(1, { error: message }));
}

export const EMBRYOS_MESSAGE = `must be a whole number from 1 to ${MAX_EMBRYOS}`;
export const AFFECTED_MESSAGE =
  'must be 0, 1 or 2 (how many of the two parents have the condition)';

export const PERCENTILES_MESSAGE = 'must be two numbers, each parent’s score percentile in (0, 1)';
export const PARENTS_KIND_MESSAGE =
  'must be an object whose kind is "population", "scores" or "disease"';
export const STRATEGY_MESSAGE = 'must be "lowest" or "exclude"';
export const NOT_AN_OBJECT_MESSAGE = 'the input must be a JSON object';
export const EXCLUDE_TOP_REQUIRED_MESSAGE =
  'is required with strategy "exclude": the top fraction of scores to exclude, in (0, 1)';
export const EXCLUDE_TOP_UNUSED_MESSAGE =
  'only applies to strategy "exclude"; lowest-risk prioritization has no cut-off';
export const DISEASE_EXCLUDE_MESSAGE =
  '"disease" is not covered with strategy "exclude": the model (Appendix 6) is used here for lowest-risk prioritization only';
export const R2_ABOVE_HERITABILITY_MESSAGE =
  'must not exceed parents.heritability: a score cannot explain more of the liability than the genes do';

const parentsSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('population') }),
    z.strictObject({
      kind: z.literal('scores'),
      percentiles: z.tuple([openUnit(), openUnit()], {
        error: PERCENTILES_MESSAGE,
      }),
    }),
    z.strictObject({
      kind: z.literal('disease'),
      affected: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: AFFECTED_MESSAGE }),
      heritability: openUnit(),
    }),
  ],
  { error: PARENTS_KIND_MESSAGE },
);

/** The input of one computation, with every refusal named by its field. */
export const riskInputSchema = z
  .strictObject(
    {
      prevalence: openUnit(),
      r2: openUnit(),
      embryos: z
        .int({ error: EMBRYOS_MESSAGE })
        .check(
          z.gte(1, { error: EMBRYOS_MESSAGE }),
          z.lte(MAX_EMBRYOS, { error: EMBRYOS_MESSAGE }),
        ),
      strategy: z.enum(['lowest', 'exclude'], { error: STRATEGY_MESSAGE }),
      excludeTop: z.optional(openUnit()),
      parents: parentsSchema,
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : NOT_AN_OBJECT_MESSAGE) },
  )
  .check(
    z.refine((input) => input.strategy !== 'exclude' || input.excludeTop !== undefined, {
      error: EXCLUDE_TOP_REQUIRED_MESSAGE,
      path: ['excludeTop'],
    }),
    z.refine((input) => input.strategy !== 'lowest' || input.excludeTop === undefined, {
      error: EXCLUDE_TOP_UNUSED_MESSAGE,
      path: ['excludeTop'],
    }),
    z.refine((input) => input.strategy !== 'exclude' || input.parents.kind !== 'disease', {
      error: DISEASE_EXCLUDE_MESSAGE,
      path: ['parents', 'kind'],
    }),
    z.refine(
      (input) => input.parents.kind !== 'disease' || input.r2 <= input.parents.heritability,
      {
        error: R2_ABOVE_HERITABILITY_MESSAGE,
        path: ['r2'],
      },
    ),
  );

export type ParsedRiskInput = z.infer<typeof riskInputSchema>;

export type RiskParse = { ok: true; input: RiskInput } | { ok: false; error: string };

/** Validates an untrusted value; the error names each field at fault and why. */
export function parseRiskInput(value: unknown): RiskParse {
  const result = riskInputSchema.safeParse(value);
  if (result.success) return { ok: true, input: result.data };
  const messages = result.error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.map(String).join('.');
      return issue.keys
        .map((key) => `${prefix === '' ? key : `${prefix}.${key}`}: unknown field`)
        .join('; ');
    }
    const path = issue.path.map(String).join('.');
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  return { ok: false, error: [...new Set(messages)].join('; ') };
}

/* ------------------------------------------------------------------ the model */

/** ∫ over the whole real line of a function of a standard-normal variable (range ±L). */
function overNormal(f: (t: number) => number, tol: QuadratureOptions = INNER): number {
  return integrate(f, -L, L, tol);
}

/** Density of the minimum of n iid standard normals. */
function minDensity(t: number, n: number): number {
  return n * normalPdf(t) * Math.pow(normalSf(t), n - 1);
}

/** P(affected) for the lowest of n embryos given c known, rest of variance 1 − r². */
function lowestGivenShared(zk: number, r: number, n: number, c: number, restSd: number): number {
  const sx = r / SQRT2;
  return overNormal((t) => minDensity(t, n) * normalSf((zk - c - sx * t) / restSd));
}

/**
 * P(affected) of the embryo chosen by high-risk exclusion, given c. With T the embryo's own
 * standardised deviation and V = (r/√2)·T + e its liability beyond c (sd √(1 − r²/2)), the
 * parts below and above the cut-off γ are bivariate normal orthants of (T, V).
 */
function excludeGivenShared(zk: number, r: number, n: number, zq: number, c: number): number {
  const sx = r / SQRT2;
  const sdV = Math.sqrt(1 - (r * r) / 2);
  const gamma = (zq * r - c) / sx;
  const threshold = (zk - c) / sdV;
  const rho = sx / sdV;
  const below = bivariateNormalUpper(-gamma, threshold, -rho); // T < γ, affected
  const above = bivariateNormalUpper(gamma, threshold, rho); // T > γ, affected
  const pBelow = normalCdf(gamma); // one embryo below
  const pAbove = normalSf(gamma);
  // P(at least one of n below) / P(one below) = (1 − (1 − p)^n) / p, → n as p → 0.
  const ratio = pBelow > 0 ? -Math.expm1(n * Math.log1p(-pBelow)) / pBelow : n;
  return ratio * below + Math.pow(pAbove, n - 1) * above;
}

function populationCase(
  zk: number,
  r: number,
  n: number,
  strategy: Strategy,
  q: number,
  K: number,
) {
  const sc = r / SQRT2; // sd of c
  if (strategy === 'lowest') {
    // c + e together: sd √(1 − r²/2); the lowest of n own deviations.
    const restSd = Math.sqrt(1 - (r * r) / 2);
    const selected = overNormal(
      (t) => minDensity(t, n) * normalSf((zk - (r / SQRT2) * t) / restSd),
      OUTER,
    );
    return { baseline: K, selected };
  }
  const zq = normalSfQuantile(q);
  const selected = overNormal(
    (u) => normalPdf(u) * excludeGivenShared(zk, r, n, zq, sc * u),
    OUTER,
  );
  return { baseline: K, selected };
}

function scoresCase(
  zk: number,
  r: number,
  n: number,
  strategy: Strategy,
  q: number,
  percentiles: [number, number],
) {
  const c = (r * (normalQuantile(percentiles[0]) + normalQuantile(percentiles[1]))) / 2;
  const baseline = normalSf((zk - c) / Math.sqrt(1 - (r * r) / 2));
  if (strategy === 'lowest') {
    return { baseline, selected: lowestGivenShared(zk, r, n, c, Math.sqrt(1 - r * r)) };
  }
  return { baseline, selected: excludeGivenShared(zk, r, n, normalSfQuantile(q), c) };
}

/** Grid step for the trapezoid rule: a fraction of the narrowest feature, at most 0.1. */
function gridStep(narrowest: number): number {
  return Math.min(0.1, narrowest / 4);
}

/**
 * Appendix 6. With s = (g₁+g₂)/2 and d = (g₁−g₂)/2, independent N(0, h²/2) a priori, the
 * posterior weight of s is φ_s(s)·∫ φ_d(d)·P(status₁ | s+d)·P(status₂ | s−d) dd; the child's
 * risk depends on s only.
 *
 * Every integrand here is smooth and decays like a normal density, so the trapezoid rule on a
 * uniform grid converges faster than any power of the step (its error falls like
 * exp(−π²w²/2δ²) for a feature of width w): with the step a quarter of the narrowest width the
 * error is far below 1e-12, and one grid serves all three integrals over s. s and d share the
 * step, so s ± d fall on one grid and each parent's status is computed once per grid point.
 */
function diseaseCase(zk: number, r: number, n: number, affected: 0 | 1 | 2, h2: number) {
  const sdHalf = Math.sqrt(h2 / 2); // sd of s and of d
  const parentRestSd = Math.sqrt(1 - h2);
  const childRestSd = Math.sqrt(1 - h2 / 2 - (r * r) / 2);
  const baselineRestSd = Math.sqrt(1 - h2 / 2);
  const sx = r / SQRT2;

  // s = sdHalf·u and d = sdHalf·v, with u and v on one grid of step δ over ±L.
  const step = gridStep(parentRestSd / sdHalf);
  const half = Math.ceil(L / step);
  // A parent's probability of their status, at g = sdHalf·i·δ for i in −2·half…2·half.
  const statusAt = (isAffected: boolean) =>
    Float64Array.from({ length: 4 * half + 1 }, (_, index) => {
      const z = (zk - sdHalf * (index - 2 * half) * step) / parentRestSd;
      return isAffected ? normalSf(z) : normalCdf(z);
    });
  const first = statusAt(affected >= 1);
  const second = statusAt(affected >= 2);
  const densities = Float64Array.from({ length: 2 * half + 1 }, (_, index) =>
    normalPdf((index - half) * step),
  );

  // The embryo's own deviation t, on a grid fine enough for the child's remaining liability.
  const tStep = gridStep(childRestSd / sx);
  const tHalf = Math.ceil(L / tStep);
  const ts: number[] = [];
  const minDensities: number[] = [];
  for (let index = -tHalf; index <= tHalf; index += 1) {
    const density = minDensity(index * tStep, n);
    if (density > 1e-30) {
      ts.push(index * tStep);
      minDensities.push(density);
    }
  }

  const weights = Array.from({ length: 2 * half + 1 }, (_, index) => {
    const j = index - half;
    let likelihood = 0;
    for (let i = -half; i <= half; i += 1) {
      likelihood +=
        (densities[i + half] ?? 0) *
        (first[j + i + 2 * half] ?? 0) *
        (second[j - i + 2 * half] ?? 0);
    }
    return (densities[index] ?? 0) * likelihood;
  });
  // Points whose weight is below 1e-20 of the largest change no digit of the answer.
  const negligible = Math.max(...weights) * 1e-20;
  let total = 0;
  let baseline = 0;
  let selected = 0;
  weights.forEach((weight, index) => {
    if (!(weight > negligible)) return;
    const s = sdHalf * (index - half) * step;
    let childRisk = 0;
    ts.forEach((t, tIndex) => {
      childRisk += (minDensities[tIndex] ?? 0) * normalSf((zk - s - sx * t) / childRestSd);
    });
    total += weight;
    baseline += weight * normalSf((zk - s) / baselineRestSd);
    selected += weight * childRisk * tStep;
  });
  return { baseline: baseline / total, selected: selected / total };
}

/**
 * The risk of a child from a random embryo and from the selected one. Throws on an input that
 * is not valid (use parseRiskInput first for a message).
 */
export function computeRisk(input: RiskInput): RiskResult {
  const parsed = parseRiskInput(input);
  if (!parsed.ok) throw new RangeError(parsed.error);
  const { prevalence: K, r2, embryos: n, strategy, parents } = parsed.input;
  const q = parsed.input.excludeTop ?? 0.5; // read by strategy "exclude" only, which requires it
  const r = Math.sqrt(r2);
  const zk = normalSfQuantile(K);
  let result: { baseline: number; selected: number };
  if (parents.kind === 'population') result = populationCase(zk, r, n, strategy, q, K);
  else if (parents.kind === 'scores')
    result = scoresCase(zk, r, n, strategy, q, parents.percentiles);
  else result = diseaseCase(zk, r, n, parents.affected, parents.heritability);
  const { baseline, selected } = result;
  if (!Number.isFinite(baseline) || !Number.isFinite(selected) || !(baseline > 0)) {
    throw new RangeError('the risk could not be computed accurately for these values');
  }
  return {
    baseline,
    selected,
    relativeReduction: 1 - selected / baseline,
    absoluteReduction: baseline - selected,
  };
}
