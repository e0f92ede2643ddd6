/*
 * The standard normal distribution, accurate in the tails: the density φ, the upper tail
 * Φ̄(x) = 1 − Φ(x) and Φ(x) through W. J. Cody's rational Chebyshev approximations of erfc
 * ("Rational Chebyshev approximations for the error function", Math. Comp. 23 (1969) 631–638;
 * the coefficients of his CALERF, relative accuracy about 1e-15 down to the underflow of
 * double precision), and the quantile Φ⁻¹ by Acklam's rational approximation (relative error
 * ≤ 1.15e-9) polished by one Halley step against Φ, which brings it to about 1e-15.
 */

const SQRT2 = Math.SQRT2;
const INV_SQRT_2PI = 0.3989422804014327;
const SQRPI = 0.5641895835477563; // 1/√π

/** Evaluates c₀xᵏ + c₁xᵏ⁻¹ + … + cₖ (Horner). */
function horner(coefficients: readonly number[], x: number): number {
  return coefficients.reduce((sum, c) => sum * x + c, 0);
}

// Cody's coefficients (CALERF), in Horner order: the leading one first.
const ERF_NUM = [
  0.18577770618460315, 3.1611237438705655, 113.86415415105016, 377.485237685302, 3209.3775891384694,
];
const ERF_DEN = [1, 23.601290952344122, 244.02463793444417, 1282.6165260773723, 2844.236833439171];
const ERFC_MID_NUM = [
  2.1531153547440383e-8, 0.5641884969886701, 8.883149794388377, 66.11919063714163,
  298.6351381974001, 881.952221241769, 1712.0476126340707, 2051.0783778260716, 1230.3393547979972,
];
const ERFC_MID_DEN = [
  1, 15.744926110709835, 117.6939508913125, 537.1811018620099, 1621.3895745666903,
  3290.7992357334597, 4362.619090143247, 3439.3676741437216, 1230.3393548037495,
];
const ERFC_TAIL_NUM = [
  0.016315387137302097, 0.30532663496123236, 0.36034489994980445, 0.12578172611122926,
  0.016083785148742275, 0.0006587491615298378,
];
const ERFC_TAIL_DEN = [
  1, 2.568520192289822, 1.8729528499234604, 0.5279051029514285, 0.06051834131244132,
  0.0023352049762686918,
];

/** exp(−y²), with y split as in Cody's code so the exponent keeps its accuracy for large y. */
function expMinusSquare(y: number): number {
  const ysq = Math.trunc(y * 16) / 16;
  const del = (y - ysq) * (y + ysq);
  return Math.exp(-ysq * ysq) * Math.exp(-del);
}

/** erfc(y) for y > 0.46875 (Cody's second and third intervals). */
function erfcPositive(y: number): number {
  if (y <= 4) return (expMinusSquare(y) * horner(ERFC_MID_NUM, y)) / horner(ERFC_MID_DEN, y);
  if (y >= 26.543) return 0;
  const ysq = 1 / (y * y);
  const r = (ysq * horner(ERFC_TAIL_NUM, ysq)) / horner(ERFC_TAIL_DEN, ysq);
  return (expMinusSquare(y) * (SQRPI - r)) / y;
}

/** erf(x) for |x| ≤ 0.46875 (Cody's first interval). */
function erfSmall(x: number): number {
  const ysq = x * x;
  return (x * horner(ERF_NUM, ysq)) / horner(ERF_DEN, ysq);
}

/** The complementary error function, relative accuracy about 1e-15. */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const y = Math.abs(x);
  if (y <= 0.46875) return 1 - erfSmall(x);
  const r = erfcPositive(y);
  return x < 0 ? 2 - r : r;
}

/** The standard normal density φ(x). */
export function normalPdf(x: number): number {
  return INV_SQRT_2PI * Math.exp(-0.5 * x * x);
}

/** The upper tail Φ̄(x) = P(Z > x), accurate for large x (no 1 − Φ cancellation). */
export function normalSf(x: number): number {
  return 0.5 * erfc(x / SQRT2);
}

/** The distribution function Φ(x) = P(Z ≤ x), accurate for very negative x. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / SQRT2);
}

// Acklam's coefficients, in Horner order.
const ACKLAM_A = [
  -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
  2.506628277459239,
];
const ACKLAM_B = [
  -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  1,
];
const ACKLAM_C = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734,
  4.374664141464968, 2.938163982698783,
];
const ACKLAM_D = [
  0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416, 1,
];
const P_LOW = 0.02425;

/**
 * The standard normal quantile Φ⁻¹(p) for p in (0, 1): Acklam's approximation and one Halley
 * step. Computed on the smaller of p and 1 − p so that upper-tail quantiles keep their accuracy.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity;
    if (p === 1) return Infinity;
    return NaN;
  }
  if (p > 0.5) return -normalQuantile(1 - p);
  let x: number;
  if (p < P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = horner(ACKLAM_C, q) / horner(ACKLAM_D, q);
  } else {
    const q = p - 0.5;
    const r = q * q;
    x = (horner(ACKLAM_A, r) * q) / horner(ACKLAM_B, r);
  }
  // Halley's step on Φ(x) − p (relative form, stable in the lower tail).
  const e = normalCdf(x) - p;
  const u = (e / INV_SQRT_2PI) * Math.exp(0.5 * x * x);
  return x - u / (1 + (x * u) / 2);
}

/**
 * The upper-tail quantile Φ̄⁻¹(q) = Φ⁻¹(1 − q), computed without forming 1 − q, so that a
 * prevalence of 1e-12 gives its threshold exactly.
 */
export function normalSfQuantile(q: number): number {
  return -normalQuantile(q);
}
