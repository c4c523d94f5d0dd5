import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { resolveModule } from './test/module-paths';

/**
 * The shell and the pages opened first must not pull zod and the request schemas in: one path
 * constant imported from a schema module once put all of zod into the shell's chunk.
 * Follows the static imports (not `import type`, not `import()`) of the project's own modules.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRIES = ['src/Shell.tsx', 'src/pages/workplace/WorkplacePage.tsx'];
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

/** Every project module `entry` reaches by static imports, with the packages each imports. */
function staticGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const queue = [join(ROOT, entry)];
  while (queue.length) {
    const file = queue.pop() as string;
    if (graph.has(file)) continue;
    const packages: string[] = [];
    graph.set(file, packages);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!spec) continue;
      const next = resolveModule(file, spec);
      if (next) queue.push(next);
      else if (!spec.startsWith('.')) packages.push(spec);
    }
  }
  return graph;
}

for (const entry of ENTRIES) {
  it(`${entry} reaches no zod by static imports`, () => {
    const graph = staticGraph(entry);
    expect(graph.size).toBeGreaterThan(3);
    const withZod = [...graph]
      .filter(([, packages]) => packages.includes('zod'))
      .map(([file]) => relative(ROOT, file));
    expect(withZod).toEqual([]);
  });
}
