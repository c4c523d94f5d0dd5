// Demo seed benchmark: a fresh embedded database in a temporary DATA_DIR (or DATABASE_URL, an
// empty database), migrated the way the app opens it, then the first-start seed (demo accounts
// and the whole demo). Prints wall and CPU seconds per phase (CPU time shows the work itself
// when other processes share the machine) and the rows per table.
// Run: npx tsx bench/seed.ts   (env: DATABASE_URL to measure PostgreSQL instead)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { openDatabase } from '../server/db/client';
import { generateDemo } from '../server/db/demo';
import * as schema from '../server/db/schema';
import { seed } from '../server/db/seed';

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

async function phase<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const wall = performance.now();
  const cpu = cpuSeconds();
  const result = await work();
  const w = ((performance.now() - wall) / 1000).toFixed(2);
  const c = (cpuSeconds() - cpu).toFixed(2);
  console.log(`${name.padEnd(30)} ${w.padStart(6)} s wall  ${c.padStart(6)} s cpu`);
  return result;
}

const dir = mkdtempSync(join(tmpdir(), 'console-seed-bench-'));
try {
  const start = performance.now();
  const database = await phase('open + migrate', () =>
    openDatabase(
      process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: dir },
    ),
  );
  console.log(`database: ${database.kind}`);
  const seeded = await phase('seed (accounts + demo)', () =>
    seed(database.db, { kind: database.kind, seedDemo: '1' }),
  );
  console.log(`seeded: ${seeded.seeded}`);
  console.log(`open + migrate + seed: ${((performance.now() - start) / 1000).toFixed(2)} s wall`);
  await phase('generate only (no database)', () => generateDemo(Date.now()));

  const tables: [string, PgTable][] = [
    ['users', schema.users],
    ['model_versions', schema.modelVersions],
    ['scenes', schema.scenes],
    ['prompts', schema.prompts],
    ['prompt_versions', schema.promptVersions],
    ['prompt_calls', schema.promptCalls],
    ['records', schema.records],
    ['record_messages', schema.recordMessages],
    ['directives', schema.directives],
    ['corpora', schema.corpora],
    ['corpus_items', schema.corpusItems],
    ['corpus_labels', schema.corpusLabels],
    ['model_evaluations', schema.modelEvaluations],
    ['model_evaluate_results', schema.modelEvaluateResults],
    ['agents', schema.agents],
    ['plugin_configs', schema.pluginConfigs],
  ];
  for (const [name, table] of tables) {
    const [row] = await database.db.select({ n: count() }).from(table);
    console.log(`${name.padEnd(24)} ${String(row?.n ?? 0).padStart(7)}`);
  }
  await database.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
