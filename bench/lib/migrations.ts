// The migrations as drizzle's migrator records them, for the benches that work on a database
// loaded earlier: a migration regenerated since (a new time or hash) would be run again over its
// earlier version and fail, so they compare the database's records with these first.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../../server/db/client';

export interface JournalEntry {
  tag: string;
  when: number;
}

export function migrationJournal(): JournalEntry[] {
  return (
    JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
}

/** "<when> <sha256 of the file>" of every current migration: a record's created_at and hash. */
export function migrationKeys(entries = migrationJournal()): Set<string> {
  return new Set(
    entries.map(
      (e) =>
        `${e.when} ${createHash('sha256')
          .update(readFileSync(join(MIGRATIONS_FOLDER, `${e.tag}.sql`)))
          .digest('hex')}`,
    ),
  );
}
