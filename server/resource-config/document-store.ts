import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { Code } from '../../contract/envelope';
import { allFields, type FieldDef, type ResourceDef } from '../../contract/resource';
import type { PageQuery } from '../../contract/resource-schema';
import { isFreeTags, withNormalizedTags, type TagsInUse } from '../../contract/tags';
import type { TagsInUseQuery } from '../../contract/tags-schema';
import type { Database } from '../db/client';
import { resourceRows } from '../db/schema';
import { AppError, invalidField, notFound } from '../http/app-error';
import { databaseErrorOf } from '../http/pg-errors';
import {
  readBatches,
  readPage,
  type ListSource,
  type PageAnswer,
} from '../resources/engine/paging';
import { whereOf, type FieldSql } from '../resources/engine/query';
import { toRecord, withDefaults, type Row } from '../resources/engine/rows';
import type { RecordStore, ReferenceTarget } from '../resources/engine/record-store';
import { refuseChanges, storable } from '../resources/engine/store';
import { countTags } from '../resources/engine/tags';
import type { Caller, Viewer } from '../resources/engine/visibility';
import { uniqueIndexName } from './row-indexes';
import { resourceLiteral, valueSql } from './row-expressions';

/** The columns every configured resource's rows have, as fields read them. */
const SYSTEM_SQL: Record<string, FieldSql> = {
  id: resourceRows.id,
  version: resourceRows.version,
  createdAt: resourceRows.createdAt,
  updatedAt: resourceRows.updatedAt,
};

/** Looks up another resource to resolve reference labels against (built-in or configured). */
export type TargetLookup = (name: string) => ReferenceTarget | undefined;

/**
 * The rows of one configured resource, in `resource_rows`: the same contract as
 * ResourceStore (a built-in's table), so the generic routes serve both. Values live in `doc`
 * under their field names, JSON-typed as the record answers them; lists, filters, sorting and
 * keyword search read them through row-expressions.ts, which the expression indexes share.
 */
export class DocumentStore implements RecordStore, ReferenceTarget {
  /** Each field's value as SQL: system columns, then the document's typed expressions. */
  readonly columns: Record<string, FieldSql>;
  private readonly declared: readonly FieldDef[];
  /** The def that queries order by: a declared field may be absent from a document. */
  private readonly queryDef: ResourceDef;

  constructor(
    readonly def: ResourceDef,
    readonly db: Database,
    private readonly lookup: TargetLookup = () => undefined,
  ) {
    const system = new Set(Object.keys(SYSTEM_SQL));
    this.declared = def.fields.filter((f) => !system.has(f.name));
    this.columns = { ...SYSTEM_SQL };
    for (const f of this.declared) this.columns[f.name] = valueSql(f);
    this.queryDef = {
      ...def,
      fields: def.fields.map((f) => (f.required ? f : { ...f, nullable: true })),
    };
  }

  withDb(db: Database): DocumentStore {
    return new DocumentStore(this.def, db, this.lookup);
  }

  /** This resource's rows that are not deleted. */
  /**
   * This resource's rows that are not deleted. The name is a literal, not a parameter: the
   * planner matches the partial expression indexes (row-indexes.ts) only against a constant.
   */
  private live(table = 'resource_rows'): SQL {
    return sql.raw(
      `"${table}"."resource" = ${resourceLiteral(this.def.name)} and "${table}"."is_del" = 0`,
    );
  }

  visibleWhere(_caller: Caller): SQL | undefined {
    return this.live();
  }

  /**
   * `(select <label> from <this resource> where <key> = value limit 1)`, for a resource that
   * refers to this one. An alias keeps it apart from the outer `resource_rows` when a configured
   * resource refers to another.
   */
  referenceLabel(key: string, label: string, value: SQL, _caller: Viewer): SQL {
    const t = alias(resourceRows, `ref_${this.def.name.replace(/-/g, '_')}`);
    const field = (name: string): SQL => {
      const system = {
        id: t.id,
        version: t.version,
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
      };
      if (name in system) return sql`${system[name as keyof typeof system]}`;
      const f = this.declared.find((d) => d.name === name);
      if (!f) throw new Error(`resource ${this.def.name}: no field ${name}`);
      return valueSql(f, t._.name);
    };
    const labelSql =
      label in SYSTEM_SQL
        ? sql`${field(label)}::text`
        : sql`(${sql.raw(`"${t._.name}"."doc"`)} ->> ${label})`;
    return sql`(select ${labelSql} from ${t} where ${this.live(t._.name)} and ${field(key)} = ${value} limit 1)`;
  }

  /** What a list or detail selects: the row, and each reference's label. */
  private selection(caller: Viewer): Record<string, PgColumn | SQL.Aliased> {
    const out: Record<string, PgColumn | SQL.Aliased> = {
      id: resourceRows.id,
      version: resourceRows.version,
      createdAt: resourceRows.createdAt,
      updatedAt: resourceRows.updatedAt,
      doc: resourceRows.doc,
    };
    for (const f of this.declared) {
      if (!f.reference) continue;
      const target = this.lookup(f.reference.resource);
      // A target that went away (disabled since) leaves the label empty rather than failing.
      out[f.reference.as] = (
        target
          ? target.referenceLabel(f.reference.key, f.reference.label, valueSql(f), caller)
          : sql`null`
      ).as(f.reference.as);
    }
    return out;
  }

  private recordOf(row: Record<string, unknown>): Row {
    const { doc, ...rest } = row as { doc: Record<string, unknown> } & Row;
    return toRecord(this.def, { ...doc, ...rest });
  }

  private where(query: Pick<PageQuery, 'filters' | 'keyword' | 'scope'>): SQL | undefined {
    if (query.scope !== undefined)
      throw invalidField('scope', 'unknownField', { field: query.scope });
    return and(this.live(), whereOf(this.queryDef, this.columns, query));
  }

  /** What a list reads: this resource's live documents, with its references' labels. */
  private get list(): ListSource {
    return {
      db: this.db,
      def: this.queryDef,
      table: resourceRows,
      columns: this.columns,
      record: (row) => this.recordOf(row),
      parts: (query, viewer) => ({ selection: this.selection(viewer), where: this.where(query) }),
    };
  }

  page(query: PageQuery, caller: Caller): Promise<PageAnswer> {
    return readPage(this.list, query, caller);
  }

  async detail(id: number, caller: Caller): Promise<Row> {
    if (!storable(id)) throw notFound();
    const [row] = await this.db
      .select(this.selection(caller))
      .from(resourceRows)
      .where(and(this.live(), eq(resourceRows.id, id)))
      .limit(1);
    if (!row) throw notFound();
    return this.recordOf(row as Record<string, unknown>);
  }

  async *batches(
    query: Omit<PageQuery, 'current' | 'pageSize'>,
    caller: Caller,
    size = 1000,
  ): AsyncGenerator<Row[]> {
    for await (const rows of readBatches(this.list, query, caller, size, true)) {
      // Rows carry every value a field may hold, retired ones included (exportFields).
      yield rows.map((r) => ({ ...(r.doc as Row), ...this.recordOf(r) }));
    }
  }

  /** The tags in use in a free tag field among this resource's live documents. */
  async tagsInUse(query: TagsInUseQuery, _caller: Caller): Promise<TagsInUse> {
    const field = this.declared.find((f) => f.name === query.field);
    if (!field || !isFreeTags(field)) {
      throw invalidField('field', 'unknownField', { field: query.field });
    }
    const where = this.where({ scope: query.scope, filters: query.filters });
    return countTags(this.db, resourceRows, valueSql(field), where, query);
  }

  /**
   * The fields an export writes: the declared ones, then any key a stored document still holds
   * that the declaration no longer has (a removed field's data stays readable), as JSON.
   */
  async exportFields(): Promise<FieldDef[]> {
    const declared = allFields(this.def);
    const names = new Set(declared.map((f) => f.name));
    const keys = (await this.db.execute(
      sql`select distinct k from ${resourceRows}, jsonb_object_keys(${resourceRows.doc}) k
          where ${resourceRows.resource} = ${this.def.name} and ${resourceRows.isDel} = 0
          order by k`,
    )) as unknown as { rows: { k: string }[] };
    const retired = keys.rows
      .map((r) => r.k)
      .filter((k) => !names.has(k))
      .map((name): FieldDef => ({ name, type: 'json', nullable: true, readOnly: true }));
    return [...declared, ...retired];
  }

  async create(values: Row, caller: Caller, scope?: string): Promise<Row> {
    if (scope !== undefined) throw invalidField('scope', 'unknownField', { field: scope });
    const doc = this.document(withDefaults(this.def, values));
    const [row] = await this.guard(() =>
      this.db
        .insert(resourceRows)
        .values({ resource: this.def.name, doc })
        .returning({ id: resourceRows.id }),
    );
    return this.detail((row as { id: number }).id, caller);
  }

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
    const patch = this.document(values);
    const rows = await this.guard(() =>
      this.db
        .update(resourceRows)
        .set({
          // `||` replaces the keys sent and keeps the others (a partial update, as on a table).
          doc: sql`${resourceRows.doc} || ${JSON.stringify(patch)}::jsonb`,
          version: sql`${resourceRows.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(this.live(), eq(resourceRows.id, id), eq(resourceRows.version, version)))
        .returning({ id: resourceRows.id }),
    );
    if (rows.length) return this.detail(id, caller);
    await this.detail(id, caller); // 40400 when the row is gone
    throw new AppError(Code.CONFLICT, 'conflict');
  }

  async remove(id: number, caller: Caller): Promise<{ id: number }> {
    const ids = await this.removeMany([id], caller);
    if (!ids.length) throw notFound();
    return { id };
  }

  async removeMany(ids: readonly number[], _caller: Caller): Promise<number[]> {
    const valid = ids.filter(storable);
    if (!valid.length) return [];
    const rows = await this.db
      .update(resourceRows)
      .set({ isDel: 1, version: sql`${resourceRows.version} + 1`, updatedAt: sql`now()` })
      .where(and(this.live(), inArray(resourceRows.id, valid)))
      .returning({ id: resourceRows.id });
    return rows.map((r) => r.id);
  }

  /**
   * Body values as the document stores them: datetimes as ISO-8601 UTC, free tags in their one
   * spelling (contract/tags.ts), nothing undefined.
   */
  private document(values: Row): Row {
    const out: Row = {};
    const normalized = withNormalizedTags(this.def, values);
    for (const f of this.declared) {
      const value = normalized[f.name];
      if (value === undefined) continue;
      out[f.name] = value instanceof Date ? value.toISOString() : value;
    }
    return out;
  }

  /** A unique violation of a field's expression index becomes 40000 naming the field. */
  private async guard<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const dbError = databaseErrorOf(error);
      if (dbError?.code !== '23505') throw error;
      const field = this.declared.find(
        (f) => f.unique && uniqueIndexName(this.def.name, f) === dbError.constraint,
      );
      throw invalidField(field?.name ?? 'value', 'duplicate', { field: field?.name ?? 'value' });
    }
  }
}
