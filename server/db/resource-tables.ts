import type { PgTable } from 'drizzle-orm/pg-core';
import { resourceOf } from './resource-table';
import * as resourceTables from './schema/resources';

/** Resource name (contract) → table, from the tables schema/resources.ts derives. */
export const RESOURCE_TABLES: Readonly<Record<string, PgTable>> = Object.fromEntries(
  Object.values(resourceTables).map((table) => [resourceOf(table) as string, table]),
);
