import pg from 'pg';

/**
 * One statement on its own connection, outside any pool: `create database` / `drop database`,
 * which cannot run inside a transaction or on the database they name (tests and benches make
 * throwaway databases with it).
 */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
