// Percentiles and the number formats of the benches' tables, in one place so that the same
// column means the same computation in every bench and every section of docs/PERFORMANCE.md.
import { loadavg } from 'node:os';

/** The nearest-rank quantile of an ascending array; NaN when it is empty. */
export const quantile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]! : NaN;

/** Sorts `latencies` in place and reads p50 / p95 / p99 from them. */
export function percentiles(latencies: number[]): { p50: number; p95: number; p99: number } {
  latencies.sort((a, b) => a - b);
  return {
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
  };
}

/** A count or rate: rounded, with thousands separators. */
export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Milliseconds: `decimals` below 10 ms, whole above. */
export const ms = (n: number, decimals = 1) => (n < 10 ? n.toFixed(decimals) : n.toFixed(0));

/** The machine is shared: the load average ("1 / 5 / 15 min") says how much of it a run had. */
export const loadAverage = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

/** Answers by code, most frequent first: "1,234 × 0, 5 × timeout"; `label` marks a code. */
export const codesText = (codes: Map<string, number>, label = (code: string) => code) =>
  [...codes.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${fmt(n)} × ${label(code)}`)
    .join(', ');
