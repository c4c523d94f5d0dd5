import { and, eq, getTableColumns, inArray, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Code } from '../../../contract/envelope';
import {
  allFields,
  SECRET_MASK,
  type FieldDef,
  type ResourceDef,
} from '../../../contract/resource';
import type { PageQuery } from '../../../contract/resource-schema';
import { isFreeTags, withNormalizedTags, type TagsInUse } from '../../../contract/tags';
import type { TagsInUseQuery } from '../../../contract/tags-schema';
import { ephemeralSecretBox, type SecretBox } from '../../crypto/secrets';
import type { Database } from '../../db/client';
import { prepareByText, type Prepared } from '../../db/prepared';
import { AppError, invalidField, notFound } from '../../http/app-error';
import { databaseErrorOf, duplicateColumnOf } from '../../http/pg-errors';
import {
  pageStatements,
  readBatches,
  readPage,
  type ListQuery,
  type ListSource,
  type PageAnswer,
  type PageStatements,
} from './paging';
import { constantLimit, literal, whereOf } from './query';
import type { RecordStore, ReferenceTarget } from './record-store';
import { sealSecrets, toRecord, withDefaults, type Row } from './rows';
import { countTags } from './tags';
import { ANY_CALLER, visibleTo, type Caller, type Viewer } from './visibility';

/** The store of another resource: references, visibility that follows another row. */
export type StoreLookup = (name: string) => ResourceStore | undefined;

const MAX_INT4 = 2_147_483_647;

interface DetailStatement {
  statement: Prepared<Row>;
  extraNames: readonly string[];
}

/** What a detail selects beyond the row's fields (ResourceStore.detailWith). */
export interface DetailExtra {
  /** Names the prepared statement; one per kind of extra. */
  readonly key: string;
  /** The added columns, each aliased to its key in the answer; the same on every call. */
  select(store: ResourceStore): Record<string, SQL.Aliased>;
}

/**
 * Reads and writes one resource's table by its contract declaration. Field names are Drizzle
 * property names, so any table whose properties match its resource works without code.
 */
export class ResourceStore implements RecordStore, ReferenceTarget {
  readonly columns: Record<string, PgColumn>;
  private readonly detailStatements = new Map<string, DetailStatement>();

  constructor(
    readonly def: ResourceDef,
    readonly table: PgTable,
    readonly db: Database,
    private readonly lookup: StoreLookup = () => undefined,
    /** Seals 'secret' fields on write (server/crypto/secrets.ts). */
    readonly secrets: SecretBox = ephemeralSecretBox(),
  ) {
    this.columns = getTableColumns(table);
    const missing = allFields(def).filter((f) => !f.derivedFrom && !this.columns[f.name]);
    if (missing.length) {
      throw new Error(
        `resource ${def.name}: no column for ${missing.map((f) => f.name).join(', ')}`,
      );
    }
  }

  col(name: string): PgColumn {
    return this.columns[name] as PgColumn;
  }

  /** The same store over another handle to the database: a transaction. */
  withDb(db: Database): ResourceStore {
    return new ResourceStore(this.def, this.table, db, this.lookup, this.secrets);
  }

  /** Runs `work` in one transaction, with this store bound to it. */
  transaction<T>(work: (store: ResourceStore, tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      work(this.withDb(tx as unknown as Database), tx as unknown as Database),
    );
  }

  /** The store of another resource (references, visibility that follows another row). */
  other(name: string): ResourceStore {
    const store = this.lookup(name);
    if (!store) throw new Error(`resource ${this.def.name}: no store for ${name}`);
    return store;
  }

  /**
   * What a list or detail selects: every column, plus each reference's label as a scalar
   * subquery over the target's live rows the caller may see. One statement per page however
   * many rows it has (no N+1), and an index on the target's key serves each lookup. A secret is
   * selected as the mask or null (a CASE in the statement): its ciphertext never leaves the
   * database on a read.
   */
  selection(caller: Viewer): Record<string, PgColumn | SQL.Aliased> {
    const out: Record<string, PgColumn | SQL.Aliased> = { ...this.columns };
    for (const f of this.def.fields) {
      if (f.type !== 'secret') continue;
      out[f.name] = sql<
        string | null
      >`case when ${this.col(f.name)} is null then null else ${SECRET_MASK} end`.as(f.name);
    }
    for (const f of this.def.fields) {
      if (!f.reference) continue;
      const target = this.other(f.reference.resource);
      const label = this.db
        .select({ label: target.col(f.reference.label) })
        .from(target.table)
        .where(and(eq(target.col(f.reference.key), this.col(f.name)), target.visibleWhere(caller)))
        .limit(constantLimit(1));
      out[f.reference.as] = sql`(${label})`.as(f.reference.as);
    }
    return out;
  }

  /** ReferenceTarget: the label of the row whose `key` is `value`, for a configured resource. */
  referenceLabel(key: string, label: string, value: SQL, caller: Viewer): SQL {
    const query = this.db
      .select({ label: this.col(label) })
      .from(this.table)
      .where(and(eq(this.col(key), value), this.visibleWhere(caller)))
      .limit(constantLimit(1));
    return sql`(${query})`;
  }

  private get hasReferences(): boolean {
    return this.def.fields.some((f) => f.reference);
  }

  /** Live rows the caller may see: not soft-deleted, not someone else's. */
  visibleWhere(caller: Viewer): SQL | undefined {
    const live = this.def.softDelete ? eq(this.col(this.def.softDelete), literal(0)) : undefined;
    return and(live, visibleTo(this.def, this.columns, caller, this.lookup));
  }

  private live(id: number | Placeholder, caller: Viewer): SQL | undefined {
    return and(eq(this.col('id'), id), this.visibleWhere(caller));
  }

  /** The field values a named scope fixes; an unknown name is a client mistake. */
  scopeValues(scope: string | undefined): Row {
    if (scope === undefined) return {};
    const values = this.def.scopes?.[scope];
    if (!values) throw invalidField('scope', 'unknownField', { field: scope });
    return values;
  }

  /** What a list reads: this resource's visible rows under the query's scope and filters. */
  get lists(): ListSource {
    return {
      db: this.db,
      def: this.def,
      table: this.table,
      columns: this.columns,
      record: (row) => toRecord(this.def, row),
      parts: (query, viewer) => this.listParts(query, viewer),
    };
  }

  private listParts(query: ListQuery, viewer: Viewer) {
    const scoped = Object.entries(this.scopeValues(query.scope)).map(([f, v]) =>
      eq(this.col(f), literal(v)),
    );
    return {
      selection: this.selection(viewer),
      where: and(this.visibleWhere(viewer), ...scoped, whereOf(this.def, this.columns, query)),
    };
  }

  page(query: PageQuery, caller: Caller): Promise<PageAnswer> {
    return readPage(this.lists, query, caller);
  }

  /** The tags in use in a free tag field among the rows the caller may see (in a scope). */
  async tagsInUse(query: TagsInUseQuery, caller: Caller): Promise<TagsInUse> {
    const field = this.def.fields.find((f) => f.name === query.field);
    if (!field || !isFreeTags(field)) {
      throw invalidField('field', 'unknownField', { field: query.field });
    }
    const scoped = Object.entries(this.scopeValues(query.scope)).map(([f, v]) =>
      eq(this.col(f), literal(v)),
    );
    const filtered = whereOf(this.def, this.columns, { filters: query.filters });
    const where = and(this.visibleWhere(caller), ...scoped, filtered);
    return countTags(this.db, this.table, this.col(field.name), where, query);
  }

  /** The statements page() runs for `query` (EXPLAIN tests). */
  listStatements(query: PageQuery, caller: Caller): PageStatements {
    return pageStatements(this.lists, query, caller);
  }

  detail(id: number, caller: Caller): Promise<Row> {
    return this.detailWith(id, caller);
  }

  /**
   * The detail with what `extra` selects beside the row, in the same statement: a session's
   * transcript comes with its record in one round trip instead of two. The extra values are
   * added to the record as the driver gave them.
   */
  async detailWith(id: number, caller: Caller, extra?: DetailExtra): Promise<Row> {
    if (!storable(id)) throw notFound();
    return this.readDetail(this.prepareDetail(extra), id, caller);
  }

  private async readDetail(
    { statement, extraNames }: DetailStatement,
    id: number,
    caller: Caller,
  ): Promise<Row> {
    const [row] = await statement.execute({ id, caller: caller.id });
    if (!row) throw notFound();
    const out = toRecord(this.def, row);
    for (const name of extraNames) out[name] = row[name];
    return out;
  }

  /**
   * The detail statement, built once per store and prepared under a name: its text is the same
   * for every caller (ANY_CALLER binds the caller at each run), so one statement serves all.
   */
  private prepareDetail(extra?: DetailExtra): DetailStatement {
    const key = extra ? `detail_${extra.key}` : 'detail';
    let prepared = this.detailStatements.get(key);
    if (!prepared) {
      const added = extra?.select(this) ?? {};
      const query = this.detailQuery(added);
      const statement = prepareByText(key, query);
      prepared = { statement, extraNames: Object.keys(added) };
      this.detailStatements.set(key, prepared);
    }
    return prepared;
  }

  private detailQuery(added: Record<string, SQL.Aliased>) {
    return this.db
      .select({ ...this.selection(ANY_CALLER), ...added })
      .from(this.table)
      .where(this.live(sql.placeholder('id'), ANY_CALLER))
      .limit(constantLimit(1));
  }

  /**
   * The detail's statement text and its placeholders (`id`, `caller`) in order: what
   * bench/api-load.ts runs without the console around it, as a detail's floor.
   */
  detailText(): { text: string; placeholders: string[] } {
    const { sql: text, params } = this.detailQuery({}).toSQL();
    return {
      text,
      placeholders: params.map((p) => (p instanceof Placeholder ? p.name : String(p))),
    };
  }

  /** A written row as answered: with its reference labels, which `returning` cannot give. */
  private async answer(row: Row, caller: Caller): Promise<Row> {
    return this.hasReferences ? this.detail(row.id as number, caller) : toRecord(this.def, row);
  }

  /**
   * The rows of a list query for export, in its order, one batch at a time: each batch is its
   * own statement continuing after the last row's sort key, so memory stays flat and other
   * requests run between batches (PGlite has one connection).
   */
  batches(query: ListQuery, caller: Caller, size = 1000): AsyncGenerator<Row[]> {
    return readBatches(this.lists, query, caller, size);
  }

  /** Creates a row in `scope` (its values win); the caller becomes the owner of owned rows. */
  async create(values: Row, caller: Caller, scope?: string): Promise<Row> {
    const fixed = this.scopeValues(scope);
    for (const [f, v] of Object.entries(fixed)) {
      if (values[f] !== undefined && values[f] !== v) throw invalidField(f, 'scopeMismatch');
    }
    const owner = this.def.ownership;
    const row0 = this.seal({ ...withDefaults(this.def, values), ...fixed });
    if (owner && 'field' in owner) row0[owner.field] = caller.id;
    const [row] = await this.guard(() =>
      this.db
        .insert(this.table)
        .values(row0 as PgTable['$inferInsert'])
        .returning(),
    );
    return this.answer(row as Row, caller);
  }

  /**
   * Optimistic update: changes the row only if `version` is still the stored one. `unchanged`
   * holds create-only values the body sent back: each must equal the stored one (40000
   * `immutable` naming the field otherwise), so a detail answer can be sent back as it came.
   */
  async update(
    id: number,
    version: number,
    values: Row,
    caller: Caller,
    unchanged: Row = {},
  ): Promise<Row> {
    if (!storable(id)) throw notFound();
    if (Object.keys(unchanged).length) {
      refuseChanges(this.def, await this.detail(id, caller), unchanged);
    }
    const where = and(this.live(id, caller), eq(this.col('version'), version));
    const [row] = await this.write(where, values);
    if (row) return this.answer(row, caller);
    await this.detail(id, caller); // throws 40400 when the row is gone or not the caller's
    throw new AppError(Code.CONFLICT, 'conflict');
  }

  /** Unconditional change of a live row (server-side operations such as unbinding). */
  async patch(id: number, values: Row, caller: Caller): Promise<Row> {
    if (!storable(id)) throw notFound();
    const [row] = await this.write(this.live(id, caller), values);
    if (!row) throw notFound();
    return this.answer(row, caller);
  }

  /** The same change to every listed live row the caller may see; answers the ids changed. */
  async patchMany(ids: readonly number[], values: Row, caller: Caller): Promise<number[]> {
    const valid = ids.filter(storable);
    if (!valid.length) return [];
    const rows = await this.write(
      and(inArray(this.col('id'), valid), this.visibleWhere(caller)),
      values,
    );
    return rows.map((r) => r.id as number);
  }

  /** Deletes every listed live row the caller may see; answers the ids deleted. */
  async removeMany(ids: readonly number[], caller: Caller): Promise<number[]> {
    const valid = ids.filter(storable);
    if (!valid.length) return [];
    const where = and(inArray(this.col('id'), valid), this.visibleWhere(caller));
    const rows = this.def.softDelete
      ? await this.write(where, { [this.def.softDelete]: 1 })
      : await this.db.delete(this.table).where(where).returning();
    return rows.map((r) => (r as Row).id as number);
  }

  async remove(id: number, caller: Caller): Promise<{ id: number }> {
    if (!storable(id)) throw notFound();
    const rows = this.def.softDelete
      ? await this.write(this.live(id, caller), { [this.def.softDelete]: 1 })
      : await this.db.delete(this.table).where(this.live(id, caller)).returning();
    if (!rows.length) throw notFound();
    return { id };
  }

  /**
   * Values as stored: free tags in their one spelling (contract/tags.ts), whichever call wrote
   * them; secrets sealed (rows.ts sealSecrets).
   */
  private seal(values: Row): Row {
    const tags = withNormalizedTags(this.def, values);
    return sealSecrets(this.def, tags, (plain) => this.secrets.encrypt(plain));
  }

  private write(where: SQL | undefined, values: Row): Promise<Row[]> {
    const set = {
      ...this.seal(values),
      version: sql`${this.col('version')} + 1`,
      updatedAt: sql`now()`,
    } as PgTable['$inferInsert'];
    return this.guard(() => this.db.update(this.table).set(set).where(where).returning());
  }

  /** Turns a unique violation into 40000 naming the contract field. */
  private async guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const dbError = databaseErrorOf(error);
      if (dbError?.code !== '23505') throw error;
      const column = duplicateColumnOf(dbError);
      const field =
        Object.entries(this.columns).find(([, c]) => c.name === column)?.[0] ??
        this.def.fields.find((f) => f.unique && dbError.constraint?.includes(this.col(f.name).name))
          ?.name ??
        column ??
        'value';
      throw invalidField(field, 'duplicate', { field });
    }
  }
}

/** 40000 `immutable` naming the first create-only field whose sent value differs from `stored`. */
export function refuseChanges(def: ResourceDef, stored: Row, unchanged: Row): void {
  for (const [field, value] of Object.entries(unchanged)) {
    const declared = def.fields.find((f) => f.name === field);
    if (!sameValue(declared, stored[field], value)) {
      throw invalidField(field, 'immutable', { field });
    }
  }
}

/** Equality of a stored value and a body value: datetimes as instants, json structurally. */
function sameValue(field: FieldDef | undefined, stored: unknown, sent: unknown): boolean {
  if (stored === sent) return true;
  if (stored == null || sent == null) return false;
  if (field?.type === 'datetime') return instant(stored) === instant(sent);
  if (typeof stored === 'object' || typeof sent === 'object') {
    return canonical(stored) === canonical(sent);
  }
  return String(stored) === String(sent);
}

function instant(value: unknown): number {
  return value instanceof Date ? value.getTime() : Date.parse(String(value));
}

/** JSON with object keys sorted: jsonb reorders keys, so key order must not count. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Whether an id can name a row at all (a positive int4); others are 40400 without a query. */
export function storable(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_INT4;
}
