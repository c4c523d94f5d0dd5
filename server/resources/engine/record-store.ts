import type { SQL } from 'drizzle-orm';
import type { FieldDef } from '../../../contract/resource';
import type { PageQuery } from '../../../contract/resource-schema';
import type { TagsInUse } from '../../../contract/tags';
import type { TagsInUseQuery } from '../../../contract/tags-schema';
import type { ListQuery, PageAnswer } from './paging';
import type { Row } from './rows';
import type { Caller, Viewer } from './visibility';

/**
 * What the generic routes (crud.ts) need of a resource's rows: a built-in's table
 * (ResourceStore) and a configured resource's documents (resource-config/document-store.ts)
 * both give it, so both are served by the same code and answer the same way.
 */
export interface RecordStore {
  page(query: PageQuery, caller: Caller): Promise<PageAnswer>;
  detail(id: number, caller: Caller): Promise<Row>;
  create(values: Row, caller: Caller, scope?: string): Promise<Row>;
  update(id: number, version: number, values: Row, caller: Caller, unchanged?: Row): Promise<Row>;
  remove(id: number, caller: Caller): Promise<{ id: number }>;
  removeMany(ids: readonly number[], caller: Caller): Promise<number[]>;
  batches(query: ListQuery, caller: Caller, size?: number): AsyncGenerator<Row[]>;
  /** The tags in use in a free tag field, with counts, among the rows the caller may see. */
  tagsInUse?(query: TagsInUseQuery, caller: Caller): Promise<TagsInUse>;
  /** The fields an export writes, when they are more than the declaration's. */
  exportFields?(): Promise<FieldDef[]>;
}

/** A resource another one may refer to: it resolves a key to the label shown beside it. */
export interface ReferenceTarget {
  /** `(select <label> … where <key> = value limit 1)` over the rows the caller may see. */
  referenceLabel(key: string, label: string, value: SQL, caller: Viewer): SQL;
}
