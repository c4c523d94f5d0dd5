import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '../../contract/resource';
import { resourceByName } from '../../contract/resources';
import type { Database } from '../db/client';
import { RESOURCE_TABLES } from '../db/resource-tables';
import { ResourceStore } from '../resources/engine/store';
import type { Caller } from '../resources/engine/visibility';

/**
 * The built-in resources' stores over a test database, made on first use and shared, so a
 * store's visibility rule finds the store it follows (a call's template). `db` is read when a
 * store is first made: a test harness opens its database in beforeAll, after this is called.
 */
export function builtInStores(db: () => Database): (name: string) => ResourceStore {
  const stores = new Map<string, ResourceStore>();
  const store = (name: string): ResourceStore => {
    let found = stores.get(name);
    if (!found) {
      const def = resourceByName(name) as ResourceDef | undefined;
      const table = RESOURCE_TABLES[name] as PgTable | undefined;
      if (!def || !table) throw new Error(`no built-in resource ${name}`);
      found = new ResourceStore(def, table, db(), store);
      stores.set(name, found);
    }
    return found;
  };
  return store;
}

/** The seeded demo user (`user`) as a store's caller: the visibility of an ordinary operator. */
export async function demoUserCaller(db: Database): Promise<Caller> {
  const rows = (await db.execute(
    sql`select id::text as id from users where user_name = 'user'`,
  )) as unknown as { rows: { id: string }[] };
  const id = rows.rows[0]?.id;
  if (!id) throw new Error('the demo user is not seeded');
  return { id, role: 'user' };
}
