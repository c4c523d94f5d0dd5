import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project file a relative import specifier names (as the bundler resolves it: the path, then
 * `.ts`, `.tsx`, then the folder's `index.ts`); undefined for a package or a missing file.
 */
export function resolveModule(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = join(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}
