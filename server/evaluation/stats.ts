/** Two-sided 95 % critical values of Student's t by degrees of freedom (1–30). */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145,
  2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048,
  2.045, 2.042,
];

export interface Interval {
  mean: number;
  low: number;
  high: number;
  n: number;
}

/** The mean with its 95 % confidence interval (Student's t; one value has no width). */
export function meanInterval(values: readonly number[]): Interval | null {
  const n = values.length;
  if (!n) return null;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  if (n === 1) return { mean, low: mean, high: mean, n };
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
  const half = (T95[n - 2] ?? 1.96) * Math.sqrt(variance / n);
  return { mean, low: mean - half, high: mean + half, n };
}

/** A small seeded generator (mulberry32): the same report every time it is read. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The mean difference of paired scores (`a[i] - b[i]`, the same item) with a 95 % percentile
 * bootstrap interval: items resampled with replacement, `resamples` times, from a fixed seed.
 */
export function pairedBootstrap(
  a: readonly number[],
  b: readonly number[],
  resamples = 2_000,
  seed = 20_261_202,
): Interval | null {
  if (a.length !== b.length) throw new Error('paired scores need the same items');
  const n = a.length;
  if (!n) return null;
  const diffs = a.map((v, i) => v - b[i]!);
  const mean = diffs.reduce((s, v) => s + v, 0) / n;
  const random = seeded(seed);
  const means: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += diffs[Math.floor(random() * n)]!;
    means.push(sum / n);
  }
  means.sort((x, y) => x - y);
  const at = (q: number) => means[Math.min(resamples - 1, Math.floor(q * resamples))]!;
  return { mean, low: at(0.025), high: at(0.975), n };
}

/** Items where a scored above, below or the same as b (within `tie` points). */
export function winLossTie(
  a: readonly number[],
  b: readonly number[],
  tie = 0,
): { win: number; loss: number; tie: number } {
  const counts = { win: 0, loss: 0, tie: 0 };
  a.forEach((v, i) => {
    const d = v - b[i]!;
    if (Math.abs(d) <= tie) counts.tie++;
    else if (d > 0) counts.win++;
    else counts.loss++;
  });
  return counts;
}
