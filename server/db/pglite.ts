import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * An embedded database with the extensions the migrations create (pg_trgm, for the keyword
 * search's trigram indexes: migration 0008). PGlite loads an extension's code only when it is
 * named here, so every PGlite the project opens (server, tests, benches, scripts) comes from
 * this function; without it `CREATE EXTENSION pg_trgm` and any trigram index fail.
 */
export function createPglite(dataDir: string = 'memory://'): PGlite {
  return new PGlite(dataDir, { extensions: { pg_trgm } });
}
