import { randomBytes } from 'node:crypto';
import { count, eq, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ID } from '../../contract/auth';
import { hashPassword, verifyPassword } from '../auth/password';
import type { Database, DatabaseKind } from './client';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { RESOURCES } from '../../contract/resources';
import type { ReleaseGate } from '../../contract/release-gate';
import { DEMO_ACCOUNTS, DEMO_ROWS, generateDemo, type DemoData, type DemoOptions } from './demo';
import { RESOURCE_TABLES } from './resource-tables';
import {
  agents,
  corpora,
  corpusItems,
  corpusLabels,
  directives,
  modelEvaluateResults,
  modelEvaluations,
  modelVersions,
  pluginConfigs,
  promptCalls,
  prompts,
  promptVersions,
  recordMessages,
  records,
  scenes,
  users,
} from './schema';

export interface SeedOptions {
  kind: DatabaseKind;
  /** SEED_DEMO as given: '0' turns the embedded demo off, '1' turns it on for PostgreSQL. */
  seedDemo?: string;
  /** ADMIN_PASSWORD; when set, the admin's password is made to match it at every start. */
  adminPassword?: string;
}

export interface SeedResult {
  seeded: 'demo' | 'admin' | 'none';
  /** Made up because no ADMIN_PASSWORD was given; print it once, it is not stored anywhere. */
  generatedAdminPassword?: string;
  /** Some account still logs in with its demo password; warn at start. */
  demoPasswordInUse: boolean;
}

/**
 * First-start data: the embedded default gets demo accounts and scenes; PostgreSQL gets only the
 * admin unless SEED_DEMO=1. Safe to run at every start.
 */
export async function seed(db: Database, options: SeedOptions): Promise<SeedResult> {
  const adminPassword = options.adminPassword || undefined;
  const wantDemo = options.kind === 'pglite' ? options.seedDemo !== '0' : options.seedDemo === '1';
  const [{ accounts } = { accounts: 0 }] = await db.select({ accounts: count() }).from(users);

  let seeded: SeedResult['seeded'] = 'none';
  let generatedAdminPassword: string | undefined;
  if (accounts === 0 && wantDemo) {
    if (await seedDemo(db, adminPassword)) {
      seeded = 'demo';
      // PGlite never analyzes on its own (no autovacuum): without statistics the planner
      // guesses table sizes from pages, and the lists' estimated totals read "about 10,792"
      // for 20,000 calls. One ANALYZE after the seed (1.1 s on the demo data) makes them right.
      await db.execute(sql`analyze`);
    }
  } else if (!(await adminExists(db))) {
    generatedAdminPassword = adminPassword ? undefined : randomBytes(12).toString('base64url');
    if (await createAdmin(db, adminPassword ?? (generatedAdminPassword as string))) {
      seeded = 'admin';
    } else {
      generatedAdminPassword = undefined; // another instance created it first
    }
  }
  if (adminPassword && seeded === 'none') await syncAdminPassword(db, adminPassword);

  return {
    seeded,
    ...(generatedAdminPassword ? { generatedAdminPassword } : {}),
    demoPasswordInUse: await demoPasswordInUse(db),
  };
}

async function adminExists(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, ADMIN_ID));
  return !!row;
}

async function createAdmin(db: Database, password: string): Promise<boolean> {
  const admin = DEMO_ACCOUNTS.find((a) => a.id === ADMIN_ID);
  const inserted = await db
    .insert(users)
    .values({
      id: ADMIN_ID,
      userName: 'admin',
      role: 'admin',
      name: admin?.name ?? null,
      registrationDate: new Date(),
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0;
}

/** Inserts the demo accounts and scenes; false if another instance seeded first. */
export async function seedDemo(
  db: Database,
  adminPassword?: string,
  demo: DemoOptions = {},
): Promise<boolean> {
  const rows = await Promise.all(
    DEMO_ACCOUNTS.map(async ({ password, ...account }) => ({
      ...account,
      passwordHash: await hashPassword(
        account.id === ADMIN_ID ? (adminPassword ?? password) : password,
      ),
    })),
  );
  const inserted = await db
    .insert(users)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted.some((r) => r.id === ADMIN_ID)) return false;
  await seedDemoResources(db, Date.now(), demo);
  return true;
}

/**
 * Inserts the demo (server/db/demo) in one transaction of multi-row inserts: the first start stays
 * quick, and a failure leaves no half demo behind.
 */
export async function seedDemoResources(
  db: Database,
  now = Date.now(),
  options: DemoOptions = {},
): Promise<void> {
  const demo = generateDemo(now, options);
  await db.transaction(async (tx) => {
    await insertRows(tx, modelVersions, demo.modelVersions);

    const promptIds = await insertReturningIds(
      tx,
      prompts,
      demo.prompts.map(({ versions: _versions, ...p }) => p),
      [prompts.title],
      (p) => [p.title],
    );
    const templateId = (index: number | null) =>
      index === null ? null : (promptIds[index] ?? null);
    await insertRows(
      tx,
      promptVersions,
      demo.prompts.flatMap((p, i) =>
        p.versions.map((v) => ({ ...v, promptId: promptIds[i] as number })),
      ),
    );
    await insertRows(
      tx,
      scenes,
      demo.scenes.map(({ templateIndex, ...s }) => ({
        ...s,
        templateId: templateId(templateIndex),
      })),
    );
    await insertRows(
      tx,
      promptCalls,
      demo.calls.map(({ templateIndex, ...c }) => ({
        ...c,
        templateId: templateId(templateIndex),
      })),
    );

    const recordIds = await insertReturningIds(
      tx,
      records,
      demo.records.map(({ messages: _messages, ...r }) => r),
      [records.chatId],
      (r) => [r.chatId],
    );
    await insertRows(
      tx,
      recordMessages,
      demo.records.flatMap((r, i) =>
        r.messages.map((m) => ({ ...m, recordId: recordIds[i] as number })),
      ),
    );

    await insertRows(tx, pluginConfigs, demo.plugins);
    await insertRows(
      tx,
      directives,
      demo.directives.map(({ templateIndex, ...d }) => ({
        ...d,
        templateId: templateId(templateIndex),
      })),
    );
    await insertRows(
      tx,
      agents,
      demo.agents.map(({ templateIndex, ...a }) => ({
        ...a,
        templateId: templateId(templateIndex),
      })),
    );

    // Sets, then their items (matched back by set and question, unique within a set), then
    // every annotator's labels of them.
    const corpusIds = await insertReturningIds(
      tx,
      corpora,
      demo.corpora.map(({ items: _items, ...c }) => c),
      [corpora.corpusName],
      (c) => [c.corpusName],
    );
    const items = demo.corpora.flatMap((c, i) =>
      c.items.map(({ labels: _labels, ...item }) => ({
        ...item,
        corpusId: corpusIds[i] as number,
      })),
    );
    const flatItemIds = await insertReturningIds(
      tx,
      corpusItems,
      items,
      [corpusItems.corpusId, corpusItems.question],
      (item) => [String(item.corpusId), item.question],
    );
    // Item ids by set: itemIds[set][position in the set].
    let next = 0;
    const itemIds = demo.corpora.map((c) => flatItemIds.slice(next, (next += c.items.length)));
    await insertRows(
      tx,
      corpusLabels,
      demo.corpora.flatMap((c, i) =>
        c.items.flatMap((item, k) =>
          item.labels.map((label) => ({
            ...label,
            itemId: itemIds[i]?.[k] as number,
            corpusId: corpusIds[i] as number,
          })),
        ),
      ),
    );

    const evaluationIds = await insertReturningIds(
      tx,
      modelEvaluations,
      demo.evaluations.map(({ results: _results, corpusIndex, templateIndex, ...e }) => ({
        ...e,
        corpusId: corpusIds[corpusIndex] as number,
        templateId: templateId(templateIndex),
      })),
      [modelEvaluations.evaluateName],
      (e) => [e.evaluateName],
    );
    await insertRows(
      tx,
      modelEvaluateResults,
      demo.evaluations.flatMap((e, i) =>
        e.results.map(({ itemIndex, ...r }) => ({
          ...r,
          evaluateId: evaluationIds[i] as number,
          itemId: itemIds[e.corpusIndex]?.[itemIndex] as number,
        })),
      ),
    );

    await gateDemoScene(tx, demo, corpusIds as number[]);

    for (const def of RESOURCES) {
      const rows = DEMO_ROWS[def.name]?.(now);
      const table = RESOURCE_TABLES[def.name];
      if (rows?.length && table) await insertRows(tx, table, rows);
    }
  });
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The demo scene whose platform template versions meet a release gate, and its corpus set. */
const GATED_SCENE = 'kb-qa';
const GATE_CORPUS = '知识库问答校验集';

/**
 * Gives one demo scene with no version waiting for review a release gate on the demo model, so
 * an operator can watch a submission be evaluated and an approval wait for it.
 */
async function gateDemoScene(tx: Transaction, demo: DemoData, corpusIds: number[]) {
  const corpusId = corpusIds[demo.corpora.findIndex((c) => c.corpusName === GATE_CORPUS)];
  const model = demo.modelVersions.find((v) => v.provider === 'mock' && v.enabled !== false);
  if (corpusId === undefined || !model) return;
  const gate: ReleaseGate = {
    corpusId,
    modelVersion: model.version,
    thresholds: { rougeL: 30 },
    maxDrop: 10,
  };
  await tx.update(scenes).set({ releaseGate: gate }).where(eq(scenes.sceneCode, GATED_SCENE));
}

/**
 * Rows per statement. Each statement binds one parameter, the batch as JSON, and lets the
 * database unpack it (json_to_recordset): far cheaper than thousands of bind parameters (which
 * PostgreSQL and PGlite also cap at 65 535) and the same SQL on both.
 */
const BATCH_ROWS = 5_000;

/**
 * INSERT … SELECT FROM json_to_recordset for rows of `table` by property name; every row must
 * carry the same keys (a missing key is NULL, not the column default).
 */
function insertStatement(
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  returning?: readonly PgColumn[],
): SQL {
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0] ?? {});
  for (const row of rows) {
    if (Object.keys(row).length !== keys.length || keys.some((k) => !(k in row))) {
      throw new Error(`demo seed: rows of ${getTableName(table)} differ in their keys`);
    }
  }
  const cols = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`demo seed: ${getTableName(table)} has no column ${key}`);
    return { key, column };
  });
  const target = sql.join(
    cols.map(({ column }) => sql.identifier(column.name)),
    sql`, `,
  );
  const picked = sql.join(
    cols.map(({ key }) => sql.identifier(key)),
    sql`, `,
  );
  const shape = sql.join(
    cols.map(({ key, column }) => sql`${sql.identifier(key)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const statement = sql`insert into ${table} (${target}) select ${picked} from json_to_recordset(${JSON.stringify(rows)}::json) as x(${shape})`;
  if (!returning) return statement;
  return sql`${statement} returning ${sql.join(
    returning.map((c) => sql.identifier(c.name)),
    sql`, `,
  )}`;
}

function batchesOf<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH_ROWS) out.push(rows.slice(i, i + BATCH_ROWS));
  return out;
}

async function insertRows(
  tx: Transaction,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  for (const batch of batchesOf(rows)) await tx.execute(insertStatement(table, batch));
}

/**
 * Inserts answering the new ids in the order of `rows`, matched back by columns whose values
 * are unique among them (the demo's template titles, the sessions' chatIds, an item's set and
 * question).
 */
async function insertReturningIds<T extends Record<string, unknown>>(
  tx: Transaction,
  table: PgTable & { id: PgColumn },
  rows: readonly T[],
  keyColumns: readonly PgColumn[],
  keyOf: (row: T) => readonly string[],
): Promise<number[]> {
  const ids = new Map<string, number>();
  const join = (parts: readonly unknown[]) => parts.map(String).join('\u0000');
  for (const batch of batchesOf(rows)) {
    // PGlite and node-postgres both answer { rows }.
    const result = (await tx.execute(insertStatement(table, batch, [table.id, ...keyColumns]))) as {
      rows: Record<string, unknown>[];
    };
    for (const r of result.rows) {
      ids.set(join(keyColumns.map((c) => r[c.name])), Number(r[table.id.name]));
    }
  }
  return rows.map((row) => {
    const id = ids.get(join(keyOf(row)));
    if (id === undefined) throw new Error(`demo seed: no id for ${join(keyOf(row))}`);
    return id;
  });
}

async function syncAdminPassword(db: Database, password: string): Promise<void> {
  const [admin] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, ADMIN_ID));
  if (!admin || (await verifyPassword(password, admin.passwordHash))) return;
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, ADMIN_ID));
}

/** True while a demo account's password is still its user name. */
export async function demoPasswordInUse(db: Database): Promise<boolean> {
  const names = DEMO_ACCOUNTS.map((a) => a.userName);
  const rows = await db
    .select({ userName: users.userName, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.userName, names));
  const checks = await Promise.all(
    rows.map((r) => {
      const demo = DEMO_ACCOUNTS.find((a) => a.userName === r.userName);
      return demo ? verifyPassword(demo.password, r.passwordHash) : false;
    }),
  );
  return checks.some(Boolean);
}
