import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { Code } from '../../contract/envelope';
import type { ResourceDef } from '../../contract/resource';
import {
  resourceConfigSchema,
  resourceDeclarationSchema,
  toResourceDef,
  type ResourceDeclaration,
} from '../../contract/resource-config';
import { RESOURCES } from '../../contract/resources';
import type { Database } from '../db/client';
import {
  resourceDeclarationHistory,
  resourceDeclarations,
  type ResourceDeclarationHistoryRow,
  type ResourceDeclarationRow,
} from '../db/schema';
import type { DeclarationAction } from '../db/schema/resource-declarations';
import { AppError, conflict, invalidField, notFound, type PendingIssue } from '../http/app-error';
import { zodIssues, type DeclarationIssue } from './file';
import { checkEntries, type CheckEntry } from './registry';
import { dropRows, rowProblems } from './row-checks';
import { syncIndexes } from './row-indexes';

/**
 * Serialises every write to the declarations: the checks read the whole set (names, prefixes,
 * references), so two concurrent changes could each pass alone and clash together. Writes are
 * rare admin actions; waiting costs nothing. Arbitrary constant beside client.ts's 727_001.
 */
const DECLARATIONS_LOCK_KEY = 727_011;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DeclarationStoreOptions {
  /** The file's declarations in force (the registry's): read-only here, and checked against. */
  fileDeclarations?: () => readonly ResourceDeclaration[];
  builtIns?: readonly ResourceDef[];
}

/**
 * 40000 naming each problem's dotted path and reason: a message key is worded in the caller's
 * language; a problem without one (counts of offending rows) travels as English text.
 */
export function declarationInvalid(issues: readonly DeclarationIssue[]): AppError {
  const pending: PendingIssue[] = issues.map((i) => {
    const field = i.path || 'body';
    if (i.key) return { field, key: i.key, ...(i.params ? { params: i.params } : {}) };
    return { field, key: 'invalidField', params: { field, reason: i.message } };
  });
  return new AppError(Code.INVALID, 'invalidField', {}, pending);
}

/** 40300: the RESOURCES_CONFIG file owns these names; the page may only read them. */
export function fileOwned(names: readonly string[]): AppError {
  return new AppError(Code.FORBIDDEN, 'forbidden', {}, [], undefined, { fileDeclarations: names });
}

/** JSON with sorted keys: jsonb reorders keys, so a plain stringify would see changes that aren't. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );
}

/**
 * The admin page's declarations (resource_declarations) and their history. Every change is one
 * transaction with its history row, validated against the built-ins, the file's declarations
 * and the other page declarations as they are inside that transaction.
 */
export class DeclarationStore {
  private readonly fileDeclarations: () => readonly ResourceDeclaration[];
  private readonly builtIns: readonly ResourceDef[];

  constructor(
    private readonly db: Database,
    options: DeclarationStoreOptions = {},
  ) {
    this.fileDeclarations = options.fileDeclarations ?? (() => []);
    this.builtIns = options.builtIns ?? RESOURCES;
  }

  /** Every page declaration, oldest first (the order the registry checks them in). */
  list(): Promise<ResourceDeclarationRow[]> {
    return this.db
      .select()
      .from(resourceDeclarations)
      .orderBy(asc(resourceDeclarations.createdAt), asc(resourceDeclarations.name));
  }

  async get(name: string): Promise<ResourceDeclarationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(resourceDeclarations)
      .where(eq(resourceDeclarations.name, name));
    return row;
  }

  /** A declaration's changes, newest first. */
  history(name: string): Promise<ResourceDeclarationHistoryRow[]> {
    return this.db
      .select()
      .from(resourceDeclarationHistory)
      .where(eq(resourceDeclarationHistory.name, name))
      .orderBy(desc(resourceDeclarationHistory.changedAt), desc(resourceDeclarationHistory.id));
  }

  async create(input: unknown, by: string): Promise<ResourceDeclarationRow> {
    const decl = parseOne(input);
    return this.write(async (tx, rows) => {
      this.refuseFileNames([decl.name]);
      if (rows.some((r) => r.name === decl.name)) {
        throw invalidField('name', 'duplicate', { field: decl.name });
      }
      this.check(rows, rows, { changed: [{ decl, at: [] }] });
      await refuseRowProblems(tx, undefined, decl);
      const [row] = await tx
        .insert(resourceDeclarations)
        .values({ name: decl.name, declaration: decl, enabled: decl.enabled, updatedBy: by })
        .returning();
      await record(tx, { name: decl.name, version: 1, action: 'create', after: decl, by });
      return row as ResourceDeclarationRow;
    });
  }

  /**
   * Replaces a declaration if `expectedVersion` is still the stored one (40900 with the current
   * row otherwise). The name is the key (and, later, the table's): it cannot change here.
   */
  async update(
    name: string,
    input: unknown,
    expectedVersion: number,
    by: string,
  ): Promise<ResourceDeclarationRow> {
    const decl = parseOne(input);
    if (decl.name !== name) throw invalidField('name', 'immutable', { field: 'name' });
    return this.write(async (tx, rows) => {
      const current = this.current(rows, name, expectedVersion);
      if (canonical(current.declaration) === canonical(decl)) return current;
      const others = rows.filter((r) => r.name !== name);
      this.check(rows, others, { changed: [{ decl, at: [] }] });
      await refuseRowProblems(tx, current.declaration, decl);
      return this.change(tx, current, decl, 'update', by);
    });
  }

  /**
   * Enabling checks the declaration as a whole (it must be fit to serve); disabling refuses only
   * what it would break, such as another declaration's reference to it.
   */
  async setEnabled(
    name: string,
    enabled: boolean,
    expectedVersion: number,
    by: string,
  ): Promise<ResourceDeclarationRow> {
    return this.write(async (tx, rows) => {
      const current = this.current(rows, name, expectedVersion);
      if (current.enabled === enabled) return current;
      const decl: ResourceDeclaration = { ...current.declaration, enabled };
      const others = rows.filter((r) => r.name !== name);
      if (enabled) this.check(rows, others, { changed: [{ decl, at: [] }] });
      else this.check(rows, others, { unchanged: [{ decl, at: [name] }] });
      return this.change(tx, current, decl, enabled ? 'enable' : 'disable', by);
    });
  }

  /** Deletes a declaration and its rows (refused while another declaration refers to it). */
  async remove(name: string, expectedVersion: number, by: string): Promise<ResourceDeclarationRow> {
    return this.write(async (tx, rows) => {
      const current = this.current(rows, name, expectedVersion);
      this.check(
        rows,
        rows.filter((r) => r.name !== name),
        {},
      );
      await tx.delete(resourceDeclarations).where(eq(resourceDeclarations.name, name));
      await dropRows(tx as unknown as Database, name);
      await record(tx, {
        name,
        version: current.version,
        action: 'delete',
        before: current.declaration,
        by,
      });
      return current;
    });
  }

  /**
   * Creates or replaces every declaration given, all or nothing, with no version needed;
   * declarations not named stay, since an import deleting resources would be a surprise.
   */
  async importAll(input: unknown, by: string): Promise<ResourceDeclarationRow[]> {
    const file = { resources: input };
    const parsed = resourceConfigSchema.safeParse(file);
    if (!parsed.success) throw declarationInvalid(zodIssues(parsed.error, file));
    const decls = parsed.data.resources;
    return this.write(async (tx, rows) => {
      this.refuseFileNames(decls.map((d) => d.name));
      const named = new Set(decls.map((d) => d.name));
      this.check(
        rows,
        rows.filter((r) => !named.has(r.name)),
        { changed: decls.map((decl, i) => ({ decl, at: ['resources', i] })) },
      );
      const problems: DeclarationIssue[] = [];
      for (const [i, decl] of decls.entries()) {
        const before = rows.find((r) => r.name === decl.name)?.declaration;
        const found = await rowProblems(tx as unknown as Database, before, decl);
        problems.push(...found.map((p) => ({ ...p, path: `resources.${i}.${p.path}` })));
      }
      if (problems.length) throw declarationInvalid(problems);
      const out: ResourceDeclarationRow[] = [];
      for (const decl of decls) {
        const current = rows.find((r) => r.name === decl.name);
        if (current && canonical(current.declaration) === canonical(decl)) {
          out.push(current);
        } else if (current) {
          out.push(await this.change(tx, current, decl, 'import', by));
        } else {
          const [row] = await tx
            .insert(resourceDeclarations)
            .values({ name: decl.name, declaration: decl, enabled: decl.enabled, updatedBy: by })
            .returning();
          await record(tx, { name: decl.name, version: 1, action: 'import', after: decl, by });
          out.push(row as ResourceDeclarationRow);
        }
      }
      return out;
    });
  }

  /** Runs `work` in one transaction holding the declarations lock, over the rows as they are. */
  private write<T>(work: (tx: Tx, rows: ResourceDeclarationRow[]) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DECLARATIONS_LOCK_KEY})`);
      const rows = await tx
        .select()
        .from(resourceDeclarations)
        .orderBy(asc(resourceDeclarations.createdAt), asc(resourceDeclarations.name));
      const result = await work(tx, rows);
      // The expression indexes follow in the same transaction: a unique index the rows violate
      // fails the change instead of leaving it unenforced.
      const stored = await tx.select().from(resourceDeclarations);
      const file = this.fileDeclarations();
      const fileNames = new Set(file.map((d) => d.name));
      // A stored declaration the contract no longer accepts is not served (the registry says
      // why); it gets no indexes, and it must not make every other change fail.
      const pages = stored.flatMap((r) => {
        if (fileNames.has(r.name)) return [];
        const parsed = resourceDeclarationSchema.safeParse({
          ...r.declaration,
          enabled: r.enabled,
        });
        return parsed.success ? [parsed.data] : [];
      });
      const defs = [...file, ...pages]
        .filter((d) => d.source.kind === 'database')
        .flatMap((d) => {
          try {
            return [toResourceDef(d)];
          } catch {
            return [];
          }
        });
      await syncIndexes(tx as unknown as Database, defs);
      return result;
    });
  }

  /** The row to change: 40300 for a file's name, 40400 when absent, 40900 when stale. */
  private current(
    rows: readonly ResourceDeclarationRow[],
    name: string,
    expectedVersion: number,
  ): ResourceDeclarationRow {
    this.refuseFileNames([name]);
    const row = rows.find((r) => r.name === name);
    if (!row) throw notFound();
    if (row.version !== expectedVersion) throw conflict(row);
    return row;
  }

  private refuseFileNames(names: readonly string[]): void {
    const file = new Set(this.fileDeclarations().map((d) => d.name));
    const owned = [...new Set(names.filter((n) => file.has(n)))];
    if (owned.length) throw fileOwned(owned);
  }

  /**
   * Throws 40000 for the issues a change is to blame for: any on a `changed` declaration, and any
   * other that the rows `before` it did not have; issues already there block nothing unrelated.
   */
  private check(
    before: readonly ResourceDeclarationRow[],
    others: readonly ResourceDeclarationRow[],
    set: { changed?: readonly CheckEntry[]; unchanged?: readonly CheckEntry[] },
  ): void {
    const file = this.fileDeclarations();
    const fileNames = new Set(file.map((d) => d.name));
    const entriesOf = (rows: readonly ResourceDeclarationRow[]): CheckEntry[] => [
      ...file.map((decl) => ({ decl, at: [decl.name] })),
      ...rows
        .filter((r) => !fileNames.has(r.name))
        .map((r) => ({ decl: { ...r.declaration, enabled: r.enabled }, at: [r.name] })),
    ];
    const changed = set.changed ?? [];
    const changedNames = new Set(changed.map((e) => e.decl.name));
    // The changed declarations come last: a clash is reported on the later declaration.
    const after = [...entriesOf(others), ...(set.unchanged ?? []), ...changed];
    const key = (i: { name: string; relative: string; message: string }) =>
      `${i.name}\u0000${i.relative}\u0000${i.message}`;
    const known = new Set(checkEntries(entriesOf(before), this.builtIns).map(key));
    const blamed = checkEntries(after, this.builtIns).filter(
      (i) => changedNames.has(i.name) || !known.has(key(i)),
    );
    if (blamed.length) throw declarationInvalid(blamed);
  }

  private async change(
    tx: Tx,
    current: ResourceDeclarationRow,
    decl: ResourceDeclaration,
    action: DeclarationAction,
    by: string,
  ): Promise<ResourceDeclarationRow> {
    const version = current.version + 1;
    const [row] = await tx
      .update(resourceDeclarations)
      .set({
        declaration: decl,
        enabled: decl.enabled,
        version,
        updatedAt: new Date(),
        updatedBy: by,
      })
      .where(
        and(
          eq(resourceDeclarations.name, current.name),
          eq(resourceDeclarations.version, current.version),
        ),
      )
      .returning();
    // The advisory lock makes this unreachable; kept so a missed lock cannot lose a change.
    if (!row) throw conflict(current);
    await record(tx, {
      name: current.name,
      version,
      action,
      before: current.declaration,
      after: decl,
      by,
    });
    return row;
  }
}

/** 40000 when stored rows contradict the declaration a change would install. */
async function refuseRowProblems(
  tx: Tx,
  before: ResourceDeclaration | undefined,
  after: ResourceDeclaration,
): Promise<void> {
  const problems = await rowProblems(tx as unknown as Database, before, after);
  if (problems.length) throw declarationInvalid(problems);
}

function parseOne(input: unknown): ResourceDeclaration {
  const parsed = resourceDeclarationSchema.safeParse(input);
  if (!parsed.success) throw declarationInvalid(zodIssues(parsed.error, input));
  return parsed.data;
}

async function record(
  tx: Tx,
  entry: {
    name: string;
    version: number;
    action: DeclarationAction;
    before?: ResourceDeclaration;
    after?: ResourceDeclaration;
    by: string;
  },
): Promise<void> {
  await tx.insert(resourceDeclarationHistory).values({
    name: entry.name,
    version: entry.version,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    changedBy: entry.by,
  });
}
