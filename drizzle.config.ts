import { defineConfig } from 'drizzle-kit';

/** One set of migrations serves both PGlite and PostgreSQL. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
