import { and, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Code } from '../../contract/envelope';
import { allFields, type ResourceDef } from '../../contract/resource';
import type { PageQuery } from '../../contract/resource-schema';
import type { Database } from '../db/client';
import { AppError, invalidField, notFound } from '../http/app-error';
import { databaseErrorOf, duplicateColumnOf } from '../http/pg-errors';
import { orderOf, whereOf } from './query';
import { toRecord, withDefaults, type Row } from './rows';
import { visibleTo, type Caller, type StoreLookup } from './visibility';

const MAX_INT4 = 2_147_483_647;

/**
 * Reads and writes one resource's table by its contract declaration. Field names are Drizzle
 * property names, so any table whose properties match its resource works without code.
 */
export class ResourceStore {
  readonly columns: Record<string, PgColumn>;

  constructor(
    readonly def: ResourceDef,
    readonly table: PgTable,
    readonly db: Database,
    private readonly lookup: StoreLookup = () => undefined,
  ) {
    this.columns = getTableColumns(table);
    const missing = allFields(def).filter((f) => !this.columns[f.name]);
    if (missing.length) {
      throw new Error(
        `resource ${def.name}: no column for ${missing.map((f) => f.name).join(', ')}`,
      );
    }
  }

  private col(name: string): PgColumn {
    return this.columns[name] as PgColumn;
  }

  /** Live rows the caller may see: not soft-deleted, not someone else's. */
  visibleWhere(caller: Caller): SQL | undefined {
    const live = this.def.softDelete ? eq(this.col(this.def.softDelete), 0) : undefined;
    return and(live, visibleTo(this.def, this.columns, caller, this.lookup));
  }

  private live(id: number, caller: Caller): SQL | undefined {
    return and(eq(this.col('id'), id), this.visibleWhere(caller));
  }

  /** The field values a named scope fixes; an unknown name is a client mistake. */
  scopeValues(scope: string | undefined): Row {
    if (scope === undefined) return {};
    const values = this.def.scopes?.[scope];
    if (!values) throw invalidField('scope', 'unknownField', { field: scope });
    return values;
  }

  async page(query: PageQuery, caller: Caller): Promise<{ list: Row[]; total: number }> {
    const scoped = Object.entries(this.scopeValues(query.scope)).map(([f, v]) =>
      eq(this.col(f), v),
    );
    const where = and(this.visibleWhere(caller), ...scoped, whereOf(this.def, this.columns, query));
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(this.table)
        .where(where)
        .orderBy(...orderOf(this.def, this.columns, query.sorters))
        .limit(query.pageSize)
        .offset((query.current - 1) * query.pageSize),
      this.db.select({ total: count() }).from(this.table).where(where),
    ]);
    return { list: rows.map((r) => toRecord(this.def, r)), total: totals[0]?.total ?? 0 };
  }

  async detail(id: number, caller: Caller): Promise<Row> {
    if (!storable(id)) throw notFound();
    const [row] = await this.db.select().from(this.table).where(this.live(id, caller)).limit(1);
    if (!row) throw notFound();
    return toRecord(this.def, row);
  }

  /** Creates a row in `scope` (its values win); the caller becomes the owner of owned rows. */
  async create(values: Row, caller: Caller, scope?: string): Promise<Row> {
    const fixed = this.scopeValues(scope);
    for (const [f, v] of Object.entries(fixed)) {
      if (values[f] !== undefined && values[f] !== v) throw invalidField(f, 'scopeMismatch');
    }
    const owner = this.def.ownership;
    const row0 = { ...withDefaults(this.def, values), ...fixed };
    if (owner && 'field' in owner) row0[owner.field] = caller.id;
    const [row] = await this.guard(() =>
      this.db
        .insert(this.table)
        .values(row0 as PgTable['$inferInsert'])
        .returning(),
    );
    return toRecord(this.def, row as Row);
  }

  /** Optimistic update: changes the row only if `version` is still the stored one. */
  async update(id: number, version: number, values: Row, caller: Caller): Promise<Row> {
    if (!storable(id)) throw notFound();
    const where = and(this.live(id, caller), eq(this.col('version'), version));
    const [row] = await this.write(where, values);
    if (row) return toRecord(this.def, row);
    await this.detail(id, caller); // throws 40400 when the row is gone or not the caller's
    throw new AppError(Code.CONFLICT, 'conflict');
  }

  /** Unconditional change of a live row (server-side operations such as unbinding). */
  async patch(id: number, values: Row, caller: Caller): Promise<Row> {
    if (!storable(id)) throw notFound();
    const [row] = await this.write(this.live(id, caller), values);
    if (!row) throw notFound();
    return toRecord(this.def, row);
  }

  async remove(id: number, caller: Caller): Promise<{ id: number }> {
    if (!storable(id)) throw notFound();
    const rows = this.def.softDelete
      ? await this.write(this.live(id, caller), { [this.def.softDelete]: 1 })
      : await this.db.delete(this.table).where(this.live(id, caller)).returning();
    if (!rows.length) throw notFound();
    return { id };
  }

  private write(where: SQL | undefined, values: Row): Promise<Row[]> {
    const set = {
      ...values,
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

function storable(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_INT4;
}
