import { normalSf } from './normal.ts';

/*
 * The bivariate normal upper orthant P(X > h, Y > k) for standard normals of correlation ρ, by
 * the method of Drezner & Wesolowsky (1990, J Stat Comput Simul 35:101) as refined for double
 * precision by Genz (2004, Stat Comput 14:251): Gauss–Legendre quadrature of Plackett's
 * integral in asin ρ for |ρ| < 0.925, and of a series around ρ = ±1 otherwise. Absolute error
 * about 1e-15. The risk model uses it for the probability that an embryo's own score
 * deviation is below a cut-off while its liability is above the threshold.
 */

/** Gauss–Legendre nodes in (0, 1) and their weights on [−1, 1]: one half of the symmetric rule. */
interface HalfRule {
  readonly nodes: readonly number[];
  readonly weights: readonly number[];
}

/** The n-point Gauss–Legendre rule (n even), by Newton's method on the Legendre polynomial. */
function gaussLegendre(n: number): HalfRule {
  const nodes: number[] = [];
  const weights: number[] = [];
  for (let i = 1; i <= n / 2; i += 1) {
    let x = Math.cos((Math.PI * (i - 0.25)) / (n + 0.5));
    let derivative = 1;
    for (let iteration = 0; iteration < 100; iteration += 1) {
      let p0 = 1;
      let p1 = x;
      for (let degree = 2; degree <= n; degree += 1) {
        const p2 = ((2 * degree - 1) * x * p1 - (degree - 1) * p0) / degree;
        p0 = p1;
        p1 = p2;
      }
      derivative = (n * (x * p1 - p0)) / (x * x - 1);
      const step = p1 / derivative;
      x -= step;
      if (Math.abs(step) < 1e-16) break;
    }
    nodes.push(x);
    weights.push(2 / ((1 - x * x) * derivative * derivative));
  }
  return { nodes, weights };
}

const RULE_6 = gaussLegendre(6);
const RULE_12 = gaussLegendre(12);
const RULE_20 = gaussLegendre(20);

function ruleFor(rho: number): HalfRule {
  const size = Math.abs(rho);
  if (size < 0.3) return RULE_6;
  if (size < 0.75) return RULE_12;
  return RULE_20;
}

/** Both points of each symmetric pair: the rule's nodes mapped to (0, 2). */
function forEachNode(rule: HalfRule, visit: (point: number, weight: number) => void): void {
  rule.nodes.forEach((node, index) => {
    const weight = rule.weights[index] ?? 0;
    visit(1 - node, weight);
    visit(1 + node, weight);
  });
}

/** Moderate correlation: Plackett's formula integrated over θ from 0 to asin ρ. */
function moderate(h: number, k: number, rho: number): number {
  const hk = h * k;
  const hs = (h * h + k * k) / 2;
  const asr = Math.asin(rho);
  let sum = 0;
  forEachNode(ruleFor(rho), (point, weight) => {
    const sn = Math.sin((asr * point) / 2);
    sum += weight * Math.exp((sn * hk - hs) / (1 - sn * sn));
  });
  return (sum * asr) / (4 * Math.PI) + normalSf(h) * normalSf(k);
}

/** |ρ| ≥ 0.925: the expansion about perfect correlation (Genz 2004, section 2.2). */
function strong(h: number, kIn: number, rho: number): number {
  const k = rho < 0 ? -kIn : kIn;
  const hk = h * k;
  let bvn = 0;
  if (Math.abs(rho) < 1) {
    const as = (1 - rho) * (1 + rho);
    let a = Math.sqrt(as);
    const bs = (h - k) ** 2;
    const c = (4 - hk) / 8;
    const d = (12 - hk) / 16;
    const asr = -(bs / as + hk) / 2;
    if (asr > -100) {
      bvn =
        a * Math.exp(asr) * (1 - (c * (bs - as) * (1 - (d * bs) / 5)) / 3 + (c * d * as * as) / 5);
    }
    if (hk > -100) {
      const b = Math.sqrt(bs);
      const sp = Math.sqrt(2 * Math.PI) * normalSf(b / a);
      bvn -= Math.exp(-hk / 2) * sp * b * (1 - (c * bs * (1 - (d * bs) / 5)) / 3);
    }
    a /= 2;
    forEachNode(ruleFor(rho), (point, weight) => {
      const xs = (a * point) ** 2;
      const rs = Math.sqrt(1 - xs);
      const exponent = -(bs / xs + hk) / 2;
      if (exponent > -100) {
        const sp = 1 + c * xs * (1 + d * xs);
        const ep = Math.exp((-hk * (1 - rs)) / (2 * (1 + rs))) / rs;
        bvn += a * weight * Math.exp(exponent) * (ep - sp);
      }
    });
    bvn = -bvn / (2 * Math.PI);
  }
  if (rho > 0) return bvn + normalSf(Math.max(h, k));
  return -bvn + Math.max(0, normalSf(h) - normalSf(k));
}

/** P(X > h, Y > k) for standard normal X, Y with correlation ρ in [−1, 1]. */
export function bivariateNormalUpper(h: number, k: number, rho: number): number {
  if (h === Infinity || k === Infinity) return 0;
  if (h === -Infinity) return k === -Infinity ? 1 : normalSf(k);
  if (k === -Infinity) return normalSf(h);
  const value = Math.abs(rho) < 0.925 ? moderate(h, k, rho) : strong(h, k, rho);
  return Math.min(1, Math.max(0, value));
}
