import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';

/**
 * The process as `npm start` runs it: environment, first-start seed, the demo-password warning,
 * graceful shutdown on SIGTERM, and data that survives a restart.
 */
const ROOT = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'console-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function start(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  let out = '';
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port) };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: childEnv,
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, base, output: () => out };
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((ok) => {
    child.once('exit', (code) => ok(code));
    child.kill('SIGTERM');
  });
}

async function post(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}/api/manage/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: Record<string, unknown> };
}

/** A POST whose body is sent in two halves, the second when `finish` is called. */
function slowPost(base: string, path: string, body: unknown, token: string) {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  let finish = () => undefined as void;
  let started = (): void => undefined;
  const startedP = new Promise<void>((r) => (started = r));
  const answer = new Promise<{ status: number; code: number }>((resolveAnswer, reject) => {
    const req = request(`${base}/api/manage/v1${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
        authorization: `Bearer ${token}`,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let data = '';
      res.on('data', (c: Buffer) => (data += c.toString()));
      res.on('end', () =>
        resolveAnswer({
          status: res.statusCode ?? 0,
          code: (JSON.parse(data) as { code: number }).code,
        }),
      );
    });
    req.write(text.slice(0, half), () => setTimeout(started, 300));
    finish = () => void req.end(text.slice(half));
  });
  return { started: startedP, answer, finish: () => finish() };
}

describe('server process', () => {
  it('seeds on first start, warns about demo passwords, stops cleanly, keeps acknowledged writes', async () => {
    const first = await start({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1' });
    expect(first.output()).toMatch(/demo password/i);
    const login = await post(first.base, '/user/login', { userName: 'user', password: 'user' });
    expect(login.code).toBe(0);
    const token = String(login.data.token);
    const created = await post(
      first.base,
      '/scene/create',
      { sceneName: '重启前写入', sceneCode: 'written-before-restart', type: 0 },
      token,
    );
    expect(created.code).toBe(0);
    // A request in flight when the signal comes is answered before the process exits: its
    // headers and half its body are sent, then SIGTERM, then the rest of the body.
    const inFlight = slowPost(first.base, '/scene/page', { current: 1, pageSize: 100 }, token);
    await inFlight.started;
    const exit = stop(first.child);
    await new Promise((r) => setTimeout(r, 300));
    inFlight.finish();
    expect(await inFlight.answer).toMatchObject({ status: 200, code: 0 });
    expect(await exit).toBe(0);

    const second = await start({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'S3cret-pass',
    });
    try {
      const detail = await post(second.base, '/scene/detail', { id: created.data.id }, token);
      expect(detail.code).toBe(0);
      expect(detail.data.sceneCode).toBe('written-before-restart');
      // ADMIN_PASSWORD replaces the admin's demo password.
      expect(
        (await post(second.base, '/user/login', { userName: 'admin', password: 'admin' })).code,
      ).not.toBe(0);
      expect(
        (await post(second.base, '/user/login', { userName: 'admin', password: 'S3cret-pass' }))
          .code,
      ).toBe(0);
    } finally {
      expect(await stop(second.child)).toBe(0);
    }
  }, 150_000);

  it('seeds nothing but the admin with SEED_DEMO=0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-main-empty-'));
    const run = await start({
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      ADMIN_PASSWORD: 'Only-admin1',
      MOCK_DELAY: '200-250',
    });
    try {
      expect(
        (await post(run.base, '/user/login', { userName: 'user', password: 'user' })).code,
      ).not.toBe(0);
      const admin = await post(run.base, '/user/login', {
        userName: 'admin',
        password: 'Only-admin1',
      });
      expect(admin.code).toBe(0);
      const page = await post(
        run.base,
        '/scene/page',
        { current: 1, pageSize: 10 },
        String(admin.data.token),
      );
      expect(page.data.total).toBe(0);
      // MOCK_DELAY reaches the sample handlers (spec §7): 200–250 ms here.
      const started = Date.now();
      const sample = await fetch(`${run.base}/api/content-data`, {
        headers: { authorization: `Bearer ${String(admin.data.token)}` },
      });
      expect(((await sample.json()) as { code: number }).code).toBe(20000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(195);
    } finally {
      await stop(run.child);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);

  it('refuses a malformed MOCK_DELAY at start, naming it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, MOCK_DELAY: 'fast', DATA_DIR: join(dataDir, 'never-opened') },
    });
    let out = '';
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((ok) => child.once('exit', ok));
    expect(code).toBe(1);
    expect(out).toMatch(/MOCK_DELAY must be 0 \(off\), a number of milliseconds or a range/);
  }, 60_000);

  it('keeps every acknowledged write when the process is killed (kill -9) mid-write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-main-kill-'));
    const run = await start({ DATA_DIR: dir, LOG_LEVEL: 'warn' });
    const login = await post(run.base, '/user/login', { userName: 'user', password: 'user' });
    const token = String(login.data.token);
    const acknowledged: number[] = [];
    let killed = false;
    const writer = async (lane: number) => {
      for (let i = 0; i < 500 && !killed; i++) {
        try {
          const res = await post(
            run.base,
            '/directive/create',
            {
              directiveName: `写入 ${lane}-${i}`,
              command: `/kill-${lane}-${i}`,
              content: 'x',
            },
            token,
          );
          if (res.code === 0) acknowledged.push(Number(res.data.id));
        } catch {
          return; // the connection died with the process: this write was never acknowledged
        }
      }
    };
    const lanes = Promise.all([0, 1, 2, 3].map(writer));
    await new Promise((r) => setTimeout(r, 1_500));
    const exited = new Promise((r) => run.child.once('exit', r));
    run.child.kill('SIGKILL');
    killed = true;
    await exited;
    await lanes;
    expect(acknowledged.length).toBeGreaterThan(5);

    const again = await start({ DATA_DIR: dir, LOG_LEVEL: 'warn' });
    try {
      const relogin = await post(again.base, '/user/login', { userName: 'user', password: 'user' });
      const t2 = String(relogin.data.token);
      const missing: number[] = [];
      for (const id of acknowledged) {
        if ((await post(again.base, '/directive/detail', { id }, t2)).code !== 0) missing.push(id);
      }
      expect(missing).toEqual([]);
    } finally {
      await stop(again.child);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});
