import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/**
 * A throwaway PostgreSQL cluster of the test's own (initdb + pg_ctl on a free loopback port),
 * so fault tests can stop, freeze and restart the server without touching anyone else's.
 */
export interface PgCluster {
  url: string;
  /** The postmaster and its backends, for SIGSTOP / SIGCONT. */
  pids(): number[];
  freeze(): void;
  thaw(): void;
  stop(): void;
  start(): void;
  destroy(): void;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = join(root, v, 'bin');
    if (existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  return undefined;
}

/** Why the cluster cannot be made here, or null when it can. */
export function clusterSkipReason(): string | null {
  return binDir() ? null : 'PostgreSQL fault tests skipped: initdb / pg_ctl not found';
}

export async function startCluster(): Promise<PgCluster> {
  const bin = binDir();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const dir = mkdtempSync(join(tmpdir(), 'console-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  // initdb refuses to run as root: run the cluster as the postgres account then.
  const asOwner = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const run = (tool: string, args: string[]) => {
    const [cmd, ...rest] = [...asOwner, join(bin, tool), ...args];
    const out = spawnSync(cmd as string, rest, { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`${tool} failed: ${out.stderr || out.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', options, '-w', '-t', '30', '-l', join(dir, 'log'), 'start']);
  start();
  const postmasterPid = () =>
    Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const pids = () => {
    const main = postmasterPid();
    const children = execFileSync('pgrep', ['-P', String(main)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
    return [main, ...children];
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pids,
    freeze: () => pids().forEach((pid) => process.kill(pid, 'SIGSTOP')),
    thaw: () => pids().forEach((pid) => process.kill(pid, 'SIGCONT')),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    start,
    destroy: () => {
      try {
        pids().forEach((pid) => process.kill(pid, 'SIGCONT'));
      } catch {
        // not running
      }
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
