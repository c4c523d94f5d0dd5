// The server's memory as Linux reports it (/proc/<pid>/status), for the benches that watch a
// server process while it streams an export or carries a load.
import { readFileSync } from 'node:fs';

/** VmRSS (resident now) or VmHWM (peak resident) of a process, in MiB; 0 when unreadable. */
export function procStatus(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * Samples a process's VmRSS every 100 ms from now on: `before` is the first reading, `stop()`
 * ends the sampling and gives the largest reading (a peak between two samples is missed).
 */
export function watchRss(pid: number | undefined): { before: number; stop(): number } {
  const before = procStatus(pid, 'VmRSS');
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, procStatus(pid, 'VmRSS'))), 100);
  return {
    before,
    stop() {
      clearInterval(sampler);
      return peak;
    },
  };
}
