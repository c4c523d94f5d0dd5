/** The built client the e2e server serves: dist/, built when missing, copied per test file. */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Strings only a development build carries: React's warning about list keys and antd's
 * development style hash. A production build has neither.
 */
const DEVELOPMENT_MARKERS = ['should have a unique "key" prop', 'css-dev-only-do-not-override'];

/** The chunks (`assets/x.js`) of a build in `dir` that were bundled in development mode. */
export function developmentChunks(dir: string): string[] {
  const assets = join(dir, 'assets');
  if (!existsSync(assets)) return [];
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .filter((file) => {
      const code = readFileSync(join(assets, file), 'utf8');
      return DEVELOPMENT_MARKERS.some((marker) => code.includes(marker));
    })
    .map((file) => `assets/${file}`);
}

/** Why `dir` is not a production build to measure or serve, or null when it is one. */
export function productionBuildProblem(dir: string): string | null {
  if (!existsSync(join(dir, 'index.html'))) return `${dir}/index.html missing`;
  if (developmentChunks(dir).length > 0) return `${dir} is a development build`;
  return null;
}

/**
 * Builds the client into `outDir`, for the NODE_ENV given or else the one inherited: under
 * Vitest that is "test", which vite.config.ts turns into a production build.
 */
export function buildClient(outDir: string, nodeEnv?: string): void {
  execFileSync(
    join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: nodeEnv ? { ...process.env, NODE_ENV: nodeEnv } : process.env,
    },
  );
}

/** dist/, built for production when it is missing (a fresh checkout) or a development build. */
export function ensureBuild(): string {
  const dist = join(ROOT, 'dist');
  const problem = productionBuildProblem(dist);
  if (problem) {
    console.warn(`[e2e] ${problem}: building it for production`);
    buildClient(dist);
  }
  return dist;
}

/** Files of a build that index.html or its chunks refer to but that are missing. */
export function missingAssets(dir: string): string[] {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) return ['index.html'];
  const refs = new Set<string>();
  const html = readFileSync(indexFile, 'utf8');
  for (const m of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) refs.add(m[1] ?? '');
  const assets = join(dir, 'assets');
  const files = existsSync(assets) ? readdirSync(assets) : [];
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(join(assets, file), 'utf8');
    for (const m of code.matchAll(/["'`](?:\.\/|\/?assets\/)([\w.-]+\.(?:js|css))["'`]/g)) {
      refs.add(`assets/${m[1] ?? ''}`);
    }
  }
  return [...refs].filter((ref) => !existsSync(join(dir, ref)));
}

/**
 * A private copy of dist/ for one test file. Others may rebuild dist/ while the suite runs
 * (vite empties it first); a page that loaded the old index.html would then miss its lazy
 * chunks. The copy is retried until it is a complete build.
 */
export async function snapshotDist(dist: string, into: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    rmSync(into, { recursive: true, force: true });
    try {
      cpSync(dist, into, { recursive: true });
      const missing = missingAssets(into);
      if (missing.length === 0) return into;
      if (Date.now() > deadline) throw new Error(`dist/ is incomplete: ${missing.join(', ')}`);
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await sleep(500);
  }
}
