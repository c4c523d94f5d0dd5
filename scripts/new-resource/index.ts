// `npm run new:resource <name> [--zh 中文名] [--en "English name"]`: scaffolds a resource: its
// declaration, table line, demo-row hook and locale files in both locales, then writes the
// migration and the OpenAPI file. Afterwards edit the declaration and its labels; see README.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
  options: { zh: { type: 'string' }, en: { type: 'string' } },
});
const name = positionals[0] ?? '';
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
const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });

create(`contract/resources/${name}.ts`, declaration(r));
create(`server/db/demo/${name}.ts`, demoHook(r));
const locales = localeFiles(r);
for (const locale of LOCALES) {
  create(`src/locales/${locale}/${name}.json`, `${JSON.stringify(locales[locale], null, 2)}\n`);
}
for (const [path, edit] of Object.entries(registryEdits(r))) change(path, edit);

const bin = (tool: string) => join(ROOT, 'node_modules/.bin', tool);
run(bin('prettier'), ['--write', '--log-level', 'warn', ...written]);
// The table the declaration implies, as a migration applied at the next start.
run(bin('drizzle-kit'), ['generate', '--name', `add_${name.replace(/-/g, '_')}`]);
run(bin('tsx'), ['scripts/openapi.ts']);

console.log(`
new:resource: ${name} is declared. Written or changed:
${written.map((p) => `  ${p}`).join('\n')}
  server/db/migrations (its table), docs/api/openapi.json (its calls)

Next: edit contract/resources/${name}.ts (fields, views, permissions, menu order and icon),
label new fields in src/locales/{zh-CN,en-US}/${name}.json, run \`npm run db:generate\` after
changing fields, and \`npm test\`.`);
