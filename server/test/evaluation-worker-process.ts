/**
 * An evaluation worker alone in its own process, on DATABASE_URL: a second server as far as
 * the queue can tell. Prints "ready" once it looks for work; on SIGTERM it stops and prints
 * how many jobs it ended, as JSON. LEASE_GRACE_MS shortens how long its jobs stay its own.
 */
import { ephemeralSecretBox } from '../crypto/secrets';
import { openDatabase } from '../db/client';
import { EvaluationWorker } from '../evaluation/worker';
import { DEFAULT_OUTBOUND_POLICY } from '../models/outbound';
import { ModelRunner } from '../models/runner';

const { db, close } = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  maxConnections: 4,
});
const worker = new EvaluationWorker(
  db,
  new ModelRunner(ephemeralSecretBox(), DEFAULT_OUTBOUND_POLICY),
  { pollMs: 20, leaseGraceMs: Number(process.env.LEASE_GRACE_MS ?? 30_000) },
);
await worker.start();
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  void worker
    .stop()
    .then(() => {
      process.stdout.write(`${JSON.stringify({ id: worker.id, finished: worker.finished })}\n`);
      return close();
    })
    .finally(() => process.exit(0));
});
