/** The demo's default seed: the same seed and seeding moment always give the same rows. */
export const DEMO_SEED = 20_240_901;

/** FNV-1a over a label, mixed with a seed: independent streams per part of the demo. */
export function deriveSeed(seed: number, label: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * A small deterministic PRNG (mulberry32): fast, 32-bit state, good enough for demo data. Never
 * Math.random, so the same seed gives the same sequence on every run and machine.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A stream of its own for `label`, so one part's draws do not shift another's. */
  static of(seed: number, label: string): Random {
    return new Random(deriveSeed(seed, label));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One of `items`, each as likely as its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return (items[items.length - 1] as readonly [T, number])[0];
  }

  /** `k` distinct items in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, k));
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** `length` lowercase hex digits. */
  hex(length: number): string {
    let out = '';
    while (out.length < length) {
      out += Math.floor(this.next() * 4_294_967_296)
        .toString(16)
        .padStart(8, '0');
    }
    return out.slice(0, length);
  }
}

/**
 * Picks indexes by weight many times over: a cumulative table and a binary search, so 20 000
 * draws over a few hundred weights stay cheap. `limit` restricts the draw to indexes < limit.
 */
export class WeightedTable {
  private readonly cumulative: number[];

  constructor(weights: readonly number[]) {
    let sum = 0;
    this.cumulative = weights.map((w) => (sum += Math.max(0, w)));
  }

  draw(rng: Random, limit = this.cumulative.length): number {
    const end = Math.min(Math.max(limit, 1), this.cumulative.length);
    const r = rng.next() * (this.cumulative[end - 1] as number);
    let lo = 0;
    let hi = end - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] as number) > r) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
