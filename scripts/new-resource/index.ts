// `npm run new:resource <name> [--zh 中文名] [--en "English name"]`: scaffolds a resource: its
// declaration, table line, demo-row hook and locale files in both locales, then writes the
// migration and the OpenAPI file. Afterwards edit the declaration and its labels, then
// `npm run new:resource <name> --update` re-derives its (not yet committed) migration and the
// OpenAPI file from the edited declaration; see README.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { RESOURCES } from '../../contract/resources';
import { LOCALES } from '../../contract/locale';
import {
  declaration,
  demoHook,
  localeFiles,
  nameProblem,
  registryEdits,
  type NewResource,
} from './templates';

const ROOT = new URL('../../', import.meta.url).pathname;
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { zh: { type: 'string' }, en: { type: 'string' }, update: { type: 'boolean' } },
});
const name = positionals[0] ?? '';
const bin = (tool: string) => join(ROOT, 'node_modules/.bin', tool);
const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
const migrationTag = `add_${name.replace(/-/g, '_')}`;

/** The table the declaration implies, as a migration applied at the next start. */
function generate(): void {
  run(bin('drizzle-kit'), ['generate', '--name', migrationTag]);
  run(bin('tsx'), ['scripts/openapi.ts']);
}

if (values.update) {
  updateScaffold();
  process.exit(0);
}

/**
 * Drops the resource's own migration when it is the newest one and git does not track it yet
 * (nothing can have applied it but a local start), then derives it again. drizzle-kit would
 * otherwise ask, on a terminal only, whether a changed field is a rename.
 */
function updateScaffold(): void {
  const folder = join(ROOT, 'server/db/migrations');
  const journalFile = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const last = journal.entries.at(-1);
  if (!last || !last.tag.endsWith(`_${migrationTag}`)) {
    console.error(
      `new:resource --update: the newest migration is not ${name}'s; use npm run db:generate`,
    );
    process.exit(2);
  }
  const sqlFile = join(folder, `${last.tag}.sql`);
  const tracked = execFileSync('git', ['ls-files', sqlFile], { cwd: ROOT, encoding: 'utf8' });
  if (tracked.trim()) {
    console.error(`new:resource --update: ${last.tag}.sql is committed; use npm run db:generate`);
    process.exit(2);
  }
  rmSync(sqlFile);
  rmSync(join(folder, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`));
  journal.entries.pop();
  writeFileSync(journalFile, `${JSON.stringify(journal, null, 2)}\n`);
  generate();
  console.log(`new:resource: ${name}'s migration and the OpenAPI file follow its declaration.`);
}

const problem = nameProblem(
  name,
  RESOURCES.map((r) => r.name),
);
if (problem) {
  console.error(`new:resource: ${problem}`);
  process.exit(2);
}
const r: NewResource = { name, zh: values.zh ?? name, en: values.en ?? name };

const written: string[] = [];
function create(path: string, content: string): void {
  const file = join(ROOT, path);
  if (existsSync(file)) throw new Error(`${path} exists already`);
  writeFileSync(file, content);
  written.push(path);
}
function change(path: string, edit: (source: string) => string): void {
  const file = join(ROOT, path);
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  written.push(path);
}
create(`contract/resources/${name}.ts`, declaration(r));
create(`server/db/demo/${name}.ts`, demoHook(r));
const locales = localeFiles(r);
for (const locale of LOCALES) {
  create(`src/locales/${locale}/${name}.json`, `${JSON.stringify(locales[locale], null, 2)}\n`);
}
for (const [path, edit] of Object.entries(registryEdits(r))) change(path, edit);

run(bin('prettier'), ['--write', '--log-level', 'warn', ...written]);
generate();

console.log(`
new:resource: ${name} is declared. Written or changed:
${written.map((p) => `  ${p}`).join('\n')}
  server/db/migrations (its table), docs/api/openapi.json (its calls)

Next: edit contract/resources/${name}.ts (fields, views, permissions, menu order and icon),
label new fields in src/locales/{zh-CN,en-US}/${name}.json, then
  npm run new:resource -- ${name} --update   (its migration and the OpenAPI file, again)
  npm test`);
