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
    private readonly db: Database,
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

  private live(id: number): SQL | undefined {
    const byId = eq(this.col('id'), id);
    return this.def.softDelete ? and(byId, eq(this.col(this.def.softDelete), 0)) : byId;
  }

  async page(query: PageQuery): Promise<{ list: Row[]; total: number }> {
    const where = whereOf(this.def, this.columns, query);
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

  async detail(id: number): Promise<Row> {
    if (!storable(id)) throw notFound();
    const [row] = await this.db.select().from(this.table).where(this.live(id)).limit(1);
    if (!row) throw notFound();
    return toRecord(this.def, row);
  }

  async create(values: Row): Promise<Row> {
    const [row] = await this.guard(() =>
      this.db
        .insert(this.table)
        .values(withDefaults(this.def, values) as PgTable['$inferInsert'])
        .returning(),
    );
    return toRecord(this.def, row as Row);
  }

  /** Optimistic update: changes the row only if `version` is still the stored one. */
  async update(id: number, version: number, values: Row): Promise<Row> {
    if (!storable(id)) throw notFound();
    const where = and(this.live(id), eq(this.col('version'), version));
    const [row] = await this.write(where, values);
    if (row) return toRecord(this.def, row);
    await this.detail(id); // throws 40400 when the row is gone
    throw new AppError(Code.CONFLICT, 'conflict');
  }

  /** Unconditional change of a live row (server-side operations such as unbinding). */
  async patch(id: number, values: Row): Promise<Row> {
    if (!storable(id)) throw notFound();
    const [row] = await this.write(this.live(id), values);
    if (!row) throw notFound();
    return toRecord(this.def, row);
  }

  async remove(id: number): Promise<{ id: number }> {
    if (!storable(id)) throw notFound();
    const rows = this.def.softDelete
      ? await this.write(this.live(id), { [this.def.softDelete]: 1 })
      : await this.db.delete(this.table).where(this.live(id)).returning();
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
