import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/REQUIREMENTS.md restates the specification section by section; code comments cite those
 * sections as "spec §N". Every such citation must name a section the document has.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CODE_DIRS = ['contract', 'server', 'src', 'e2e', 'bench', 'scripts'];
const SECTIONS = Array.from({ length: 9 }, (_, i) => i + 1);

function codeFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    if (e.name === 'node_modules') return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return codeFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** "spec §4", "Spec §5", "spec §1, §4, §9", "spec §4/§7", "spec §7–§8": every number cited. */
const CITATION = /\bspec\s+(§\d+(?:\s*(?:,|\/|–|-|and|&)\s*§\d+)*)/gi;

interface Citation {
  where: string;
  section: number;
}

function citations(): Citation[] {
  const found: Citation[] = [];
  for (const file of CODE_DIRS.flatMap((d) => codeFiles(join(ROOT, d)))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const m of line.matchAll(CITATION)) {
        for (const n of m[1]!.matchAll(/§(\d+)/g)) {
          found.push({ where: `${relative(ROOT, file)}:${i + 1}`, section: Number(n[1]) });
        }
      }
    });
  }
  return found;
}

function headings(): number[] {
  const doc = readFileSync(join(ROOT, 'docs', 'REQUIREMENTS.md'), 'utf8');
  return [...doc.matchAll(/^## §(\d+)\s+\S/gm)].map((m) => Number(m[1]));
}

describe('docs/REQUIREMENTS.md', () => {
  it('has exactly the sections §1..§9, in order', () => {
    expect(headings()).toEqual(SECTIONS);
  });

  it('has a section for every spec § citation in the code', () => {
    const all = citations();
    expect(all.length).toBeGreaterThan(0);
    const sections = new Set(headings());
    const dangling = all
      .filter((c) => !sections.has(c.section))
      .map((c) => `${c.where}: spec §${c.section}`);
    expect(dangling).toEqual([]);
  });
});
