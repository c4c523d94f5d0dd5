import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { resolveModule } from './test/module-paths';

/**
 * The shape of the source a reader meets: no module reaches itself through its imports (type
 * imports included; a cycle makes the load order decide what a module sees, and ties its files
 * into one unit to read), and no module is longer than a reader can hold, data aside.
 * Dynamic `import()` is left out of the cycles (it loads later, not while the importer loads).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['contract', 'server', 'src', 'mock'];
const MOST_LINES = 500;
/** Data, not code: the demo seed's texts. */
const DATA = /^server\/db\/demo\//;
const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** One cycle of the graph as a path of files, or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

it('has no import cycle in contract/, server/, src/ or mock/', () => {
  const graph = new Map<string, string[]>();
  for (const file of FOLDERS.flatMap((f) => sources(join(ROOT, f)))) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => resolveModule(file, m[1]!))
      .filter((t): t is string => t !== undefined);
    graph.set(file, targets);
  }
  expect(graph.size).toBeGreaterThan(500);
  const cycle = findCycle(graph);
  expect(cycle?.map((f) => relative(ROOT, f)) ?? null).toBeNull();
});

it(`has no module in contract/, server/, src/ or mock/ longer than ${MOST_LINES} lines, data aside`, () => {
  const long = FOLDERS.flatMap((f) => sources(join(ROOT, f)))
    .map((file) => ({
      file: relative(ROOT, file),
      lines: readFileSync(file, 'utf8').split('\n').length - 1,
    }))
    .filter(({ file, lines }) => lines > MOST_LINES && !DATA.test(file));
  expect(long).toEqual([]);
});
