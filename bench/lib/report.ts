// What the benches that keep their results in docs/PERFORMANCE.md share: the commit a run
// measured, and replacing one bench's section without touching the others'.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { ROOT } from './server';

/** "abc1234", or "abc1234 with uncommitted changes": numbers of a dirty tree are not the commit's. */
export function commitLabel(): string {
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return `${commit.stdout.trim() || '?'}${dirty.stdout.trim() ? ' with uncommitted changes' : ''}`;
}

/**
 * Replaces (or appends at the end) the section under `heading` of docs/PERFORMANCE.md, leaving
 * the rest as it is (each bench writes its own sections); formatted as `prettier --check .`
 * (npm run lint) wants it.
 */
export async function writeSection(heading: string, raw: string): Promise<void> {
  const path = join(ROOT, 'docs', 'PERFORMANCE.md');
  const options = (await resolveConfig(path)) ?? {};
  const section = (await format(raw, { ...options, parser: 'markdown' })).trimEnd();
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '# Performance\n';
  const start = text.indexOf(`${heading}\n`);
  let next: string;
  if (start === -1) {
    next = `${text.trimEnd()}\n\n${section}`;
  } else {
    const after = text.indexOf('\n## ', start + heading.length);
    next = text.slice(0, start) + section + (after === -1 ? '' : `\n\n${text.slice(after + 1)}`);
  }
  writeFileSync(path, `${next.trimEnd()}\n`);
  console.log(`wrote "${heading}" in docs/PERFORMANCE.md`);
}
