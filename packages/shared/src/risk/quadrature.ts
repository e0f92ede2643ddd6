/*
 * Globally adaptive Gauss–Kronrod quadrature (the 7-point Gauss and 15-point Kronrod pair of
 * QUADPACK's QK15): the interval whose error estimate is largest is bisected until the summed
 * estimate is within the tolerance. Deterministic; no sampling.
 */

/** [node, Kronrod weight, Gauss weight (0 where the node is Kronrod's only)], node > 0. */
const PAIRS: readonly (readonly [number, number, number])[] = [
  [0.9914553711208126, 0.022935322010529224, 0],
  [0.9491079123427585, 0.06309209262997856, 0.1294849661688697],
  [0.8648644233597691, 0.10479001032225019, 0],
  [0.7415311855993945, 0.14065325971552592, 0.27970539148927664],
  [0.5860872354676911, 0.1690047266392679, 0],
  [0.4058451513773972, 0.19035057806478542, 0.3818300505051189],
  [0.20778495500789848, 0.20443294007529889, 0],
];
const CENTER_KRONROD = 0.20948214108472782;
const CENTER_GAUSS = 0.4179591836734694;

interface Segment {
  a: number;
  b: number;
  value: number;
  error: number;
}

function kronrod(f: (x: number) => number, a: number, b: number): Segment {
  const center = 0.5 * (a + b);
  const half = 0.5 * (b - a);
  const fc = f(center);
  let gauss = fc * CENTER_GAUSS;
  let kron = fc * CENTER_KRONROD;
  for (const [node, wk, wg] of PAIRS) {
    const dx = half * node;
    const sum = f(center - dx) + f(center + dx);
    kron += wk * sum;
    gauss += wg * sum;
  }
  return { a, b, value: kron * half, error: Math.abs((kron - gauss) * half) };
}

export interface QuadratureOptions {
  /** Relative tolerance on the whole integral. */
  relTol?: number;
  /** Absolute tolerance (the integrals here are probabilities; the default is tiny). */
  absTol?: number;
  /** How many equal pieces to start from, so that narrow features are seen. */
  initialPieces?: number;
  /** The most segments before giving up refining (the estimate is still returned). */
  maxSegments?: number;
}

/** ∫ₐᵇ f(x) dx. An empty or reversed interval integrates to 0. */
export function integrate(
  f: (x: number) => number,
  a: number,
  b: number,
  options: QuadratureOptions = {},
): number {
  if (!(b > a)) return 0;
  const relTol = options.relTol ?? 1e-10;
  const absTol = options.absTol ?? 1e-300;
  const pieces = options.initialPieces ?? 8;
  const maxSegments = options.maxSegments ?? 400;
  const segments: Segment[] = [];
  const width = (b - a) / pieces;
  for (let i = 0; i < pieces; i++) {
    segments.push(kronrod(f, a + i * width, i === pieces - 1 ? b : a + (i + 1) * width));
  }
  for (;;) {
    let total = 0;
    let error = 0;
    let worstIndex = 0;
    let worstError = -1;
    segments.forEach((segment, i) => {
      total += segment.value;
      error += segment.error;
      if (segment.error > worstError) {
        worstError = segment.error;
        worstIndex = i;
      }
    });
    const s = segments[worstIndex];
    if (
      s === undefined ||
      error <= Math.max(absTol, relTol * Math.abs(total)) ||
      segments.length >= maxSegments
    ) {
      return total;
    }
    const mid = 0.5 * (s.a + s.b);
    segments[worstIndex] = kronrod(f, s.a, mid);
    segments.push(kronrod(f, mid, s.b));
  }
}
