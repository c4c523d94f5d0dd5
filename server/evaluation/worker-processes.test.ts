import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery } from '../db/admin-query';
import { openDatabase, type OpenedDatabase } from '../db/client';
import {
  corpora,
  corpusItems,
  evaluationJobs,
  modelEvaluateResults,
  modelEvaluations,
  modelVersions,
} from '../db/schema';
import { POSTGRES_SKIP_REASON } from '../test/backends';
import { enqueueEvaluation } from './queue';

const BASE_URL = process.env.TEST_DATABASE_URL;
const ITEMS = 50;
const VERSIONS = ['proc-a', 'proc-b'];

interface Worker {
  child: ChildProcess;
  lines: AsyncIterator<string>;
}

/** A worker in a process of its own (server/test/evaluation-worker-process.ts). */
async function startWorker(databaseUrl: string, leaseGraceMs = 30_000): Promise<Worker> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('../test/evaluation-worker-process.ts', import.meta.url).pathname],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, LEASE_GRACE_MS: String(leaseGraceMs) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const first = await lines.next();
  expect(first.value).toBe('ready');
  return { child, lines };
}

async function stopWorker(worker: Worker): Promise<{ id: string; finished: number }> {
  worker.child.kill('SIGTERM');
  const said = await worker.lines.next();
  return JSON.parse(String(said.value)) as { id: string; finished: number };
}

/**
 * Two server processes on one PostgreSQL share a run: each takes jobs with skip locked, and
 * every item × version is evaluated exactly once.
 */
describe.skipIf(!BASE_URL)('evaluation workers in two processes [postgres]', () => {
  const name = `console_test_procs_${randomBytes(4).toString('hex')}`;
  let databaseUrl = '';
  let opened: OpenedDatabase;

  beforeAll(async () => {
    await adminQuery(BASE_URL!, `create database "${name}"`);
    const url = new URL(BASE_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    opened = await openDatabase({ databaseUrl, maxConnections: 4 });
  });
  afterAll(async () => {
    await opened?.close();
    await adminQuery(BASE_URL!, `drop database if exists "${name}" with (force)`);
  });

  /** A corpus set of ITEMS items and an evaluation of it on VERSIONS, not yet queued. */
  async function newEvaluation(label: string): Promise<number> {
    const db = opened.db;
    const [corpus] = await db
      .insert(corpora)
      .values({ corpusName: label, type: 'qa' } as typeof corpora.$inferInsert)
      .returning({ id: corpora.id });
    await db.insert(corpusItems).values(
      Array.from({ length: ITEMS }, (_, i) => ({
        corpusId: corpus!.id,
        question: `Question ${i}: what is the refund window?`,
        answer: `The refund window ${i} is seven days.`,
        tags: ['refund'],
      })) as (typeof corpusItems.$inferInsert)[],
    );
    const [evaluation] = await db
      .insert(modelEvaluations)
      .values({
        evaluateName: label,
        corpusId: corpus!.id,
        modelVersions: VERSIONS,
        baselineVersion: VERSIONS[0],
        metrics: ['rougeL'],
      } as typeof modelEvaluations.$inferInsert)
      .returning({ id: modelEvaluations.id });
    return evaluation!.id as number;
  }

  const stateOf = async (id: number) =>
    (await opened.db.select().from(modelEvaluations).where(eq(modelEvaluations.id, id)))[0]?.state;

  /** Every item × version has one result, and every job ended done. */
  async function expectEachOnce(id: number) {
    const db = opened.db;
    const results = await db
      .select()
      .from(modelEvaluateResults)
      .where(eq(modelEvaluateResults.evaluateId, id));
    const keys = results.map((r) => `${r.itemId}:${r.modelVersion}`);
    expect(keys).toHaveLength(ITEMS * VERSIONS.length);
    expect(new Set(keys).size).toBe(keys.length);
    const jobs = await db.select().from(evaluationJobs).where(eq(evaluationJobs.evaluationId, id));
    expect(jobs.every((j) => j.state === 'done')).toBe(true);
    return jobs;
  }

  it('never take the same item, and end every one exactly once', { timeout: 120_000 }, async () => {
    const db = opened.db;
    await db.insert(modelVersions).values(
      VERSIONS.map((version) => ({
        modelType: 'CHATGPT',
        name: version,
        version,
        provider: 'mock' as const,
        mockLatencyMs: 40,
        maxConcurrency: 3,
        // A short lease, so a killed server's jobs are free again soon.
        timeoutMs: 1_000,
        retries: 0,
      })),
    );
    const id = await newEvaluation('two processes');
    const workers = await Promise.all([startWorker(databaseUrl), startWorker(databaseUrl)]);
    let ends: { id: string; finished: number }[] = [];
    try {
      await enqueueEvaluation(db, id);
      await expect
        .poll(
          async () =>
            (await db.select().from(modelEvaluations).where(eq(modelEvaluations.id, id)))[0]?.state,
          { timeout: 60_000, interval: 200 },
        )
        .toBe('completed');
    } finally {
      ends = await Promise.all(workers.map(stopWorker));
    }

    const results = await db
      .select()
      .from(modelEvaluateResults)
      .where(eq(modelEvaluateResults.evaluateId, id));
    const keys = results.map((r) => `${r.itemId}:${r.modelVersion}`);
    expect(keys).toHaveLength(ITEMS * VERSIONS.length);
    expect(new Set(keys).size).toBe(keys.length);
    const jobs = await db.select().from(evaluationJobs).where(eq(evaluationJobs.evaluationId, id));
    expect(jobs.every((j) => j.state === 'done' && j.attempts === 1)).toBe(true);
    // Both processes worked, and between them ended each job once.
    expect(ends.map((e) => e.finished).every((n) => n > 0)).toBe(true);
    expect(ends.reduce((sum, e) => sum + e.finished, 0)).toBe(ITEMS * VERSIONS.length);
  });

  it(
    'resume after a server is killed mid-run: its items are taken again, each ended once',
    { timeout: 120_000 },
    async () => {
      const id = await newEvaluation('killed mid-run');
      const first = await startWorker(databaseUrl, 300);
      await enqueueEvaluation(opened.db, id);
      const results = async () =>
        (
          await opened.db
            .select({ id: modelEvaluateResults.id })
            .from(modelEvaluateResults)
            .where(eq(modelEvaluateResults.evaluateId, id))
        ).length;
      await expect.poll(results, { timeout: 30_000, interval: 50 }).toBeGreaterThan(10);
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      const before = await results();
      expect(before).toBeLessThan(ITEMS * VERSIONS.length);
      expect(await stateOf(id)).toBe('running');

      const second = await startWorker(databaseUrl, 300);
      try {
        await expect.poll(() => stateOf(id), { timeout: 60_000, interval: 200 }).toBe('completed');
      } finally {
        await stopWorker(second);
      }
      const jobs = await expectEachOnce(id);
      // The killed server's unfinished jobs were taken again, once.
      expect(jobs.some((j) => j.attempts === 2)).toBe(true);
      expect(jobs.every((j) => j.attempts <= 2)).toBe(true);
    },
  );
});

describe.skipIf(!!BASE_URL)('evaluation workers in two processes [postgres]', () => {
  it.skip(POSTGRES_SKIP_REASON, () => {});
});
