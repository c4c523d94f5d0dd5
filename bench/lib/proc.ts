// The server's memory and CPU as Linux reports them (/proc/<pid>/status and stat), for the
// benches that watch a server process (and PostgreSQL's) while it streams an export or carries
// a load.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

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

/** utime + stime of a process, in ms (/proc/<pid>/stat fields 14 and 15). */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** utime + stime of each local `postgres` process now, in ms, by pid. */
function postgresCpuByPid(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited since the listing
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
    out.set(Number(entry), cpuMs(Number(entry)));
  }
  return out;
}

/**
 * The CPU every local `postgres` process spends from now until `stop()`, in ms (NaN without a
 * local PostgreSQL). Every database's sessions count: run it on a quiet server.
 */
export function postgresCpu(): { stop(): number } {
  const before = postgresCpuByPid();
  return {
    stop() {
      const after = postgresCpuByPid();
      if (!before.size && !after.size) return NaN;
      let total = 0;
      for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
      return total;
    },
  };
}
