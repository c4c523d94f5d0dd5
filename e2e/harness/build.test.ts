import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildClient, developmentChunks, missingAssets } from './build';

// The e2e suite's own build, made under Vitest (NODE_ENV=test), as a fresh checkout makes it.
describe('the client build the e2e suite makes', () => {
  const temp = mkdtempSync(join(tmpdir(), 'console-build-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('is a production build although Vitest runs it with NODE_ENV=test (vite.config.ts)', () => {
    expect(process.env.NODE_ENV).toBe('test');
    const out = join(temp, 'production');
    buildClient(out);
    expect(missingAssets(out)).toEqual([]);
    expect(developmentChunks(out)).toEqual([]);
  });

  it('tells a development build by its chunks', () => {
    const out = join(temp, 'development');
    buildClient(out, 'development');
    expect(missingAssets(out)).toEqual([]);
    expect(developmentChunks(out).length).toBeGreaterThan(0);
  });
});
