/**
 * The real server for one test file: `tsx server/main.ts` on a free port, with a fresh PGlite
 * data directory and a private copy of the built client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureBuild, ROOT, snapshotDist } from './build';

// A loaded machine (several suites at once) may need longer: E2E_HEALTH_TIMEOUT_MS.
const HEALTH_TIMEOUT_MS = Number(process.env.E2E_HEALTH_TIMEOUT_MS) || 60_000;

export interface ServerHandle {
  baseURL: string;
  stop(): Promise<void>;
  /**
   * Stops the server (SIGTERM, as an operator would) and starts it again on the same port and
   * data directory; resolves once it answers /api/health. For tests of what survives a restart.
   */
  restart(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => (port ? resolvePort(port) : reject(new Error('no free port'))));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) resolveExit();
    else child.once('exit', () => resolveExit());
  });
}

/**
 * Starts `tsx server/main.ts` on a free port with a fresh data directory; waits for health.
 * Evaluation runs are off unless `env` turns them on: the demo's running evaluation would
 * otherwise finish under tests that count it.
 */
export async function startServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<ServerHandle> {
  const port = await freePort();
  const tempDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  const dataDir = join(tempDir, 'data');
  let staticDir: string;
  try {
    staticDir = await snapshotDist(ensureBuild(), join(tempDir, 'dist'));
  } catch (error) {
    rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    LOG_LEVEL: 'warn',
    // The sample (mock) handlers answer at once: their latency only slows tests.
    MOCK_DELAY: '0',
    EVALUATION_WORKER: '0',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.ADMIN_PASSWORD;
  delete env.SEED_DEMO;

  let stderr = '';
  let stdout = '';
  let ready = false;
  let stopping = false;
  let restarts = 0;
  let child = spawnServer();

  function spawnServer(): ChildProcess {
    const proc = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    proc.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    proc.once('exit', (code, signal) => {
      if (stopping || !ready) return;
      // A server dying mid-file explains the connection errors that follow. It can also be
      // killed from outside (a shared machine); then it comes back on the same port and data.
      console.error(
        `[e2e] server (pid ${proc.pid}) exited unexpectedly: code ${code}, signal ${signal}\n${stderr}${stdout}`,
      );
      if (restarts < 3) {
        restarts += 1;
        console.error(`[e2e] restarting the server (${restarts}/3)`);
        child = spawnServer();
      }
    });
    return proc;
  }

  const baseURL = `http://127.0.0.1:${port}`;
  const stopChild = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const done = await Promise.race([exited(child).then(() => true), sleep(15_000)]);
      if (!done) child.kill('SIGKILL');
    }
  };
  const cleanup = async () => {
    stopping = true;
    await stopChild();
    rmSync(tempDir, { recursive: true, force: true });
  };

  const waitForHealth = async () => {
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) {
        await cleanup();
        throw new Error(`e2e server exited with ${child.exitCode}.\nstderr:\n${stderr}\n${stdout}`);
      }
      try {
        const res = await fetch(`${baseURL}/api/health`);
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await cleanup();
        console.error(`[e2e] server stderr:\n${stderr}`);
        throw new Error(`e2e server did not answer /api/health within ${HEALTH_TIMEOUT_MS} ms`);
      }
      await sleep(200);
    }
    ready = true;
  };

  await waitForHealth();

  const restart = async () => {
    // The exit handler must not take this planned stop for a crash and respawn on its own.
    ready = false;
    const old = child;
    await stopChild();
    await exited(old);
    child = spawnServer();
    await waitForHealth();
  };

  return { baseURL, stop: cleanup, restart };
}
