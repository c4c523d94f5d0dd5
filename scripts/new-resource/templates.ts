/**
 * What `npm run new:resource <name>` writes: pure functions from the name and its labels to
 * file contents and to the registry lines it inserts, so they are tested without touching files.
 */
import { RESERVED_NAMES, RESOURCE_NAME_RE, snakeCase } from '../../contract/resource';

export interface NewResource {
  /** kebab-case resource name, e.g. 'knowledge' or 'faq-entry'. */
  name: string;
  zh: string;
  en: string;
}

/** 'faq-entry' → 'faqEntry'. */
export function camelCase(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Why a name cannot be a new resource, or null when it can. */
export function nameProblem(name: string, existing: readonly string[]): string | null {
  if (!RESOURCE_NAME_RE.test(name) || name.length < 2 || name.length > 40) {
    return `"${name}" is not a kebab-case name of 2 to 40 characters (e.g. knowledge, faq-entry)`;
  }
  if (RESERVED_NAMES.includes(name)) return `"${name}" is reserved by the console or the API`;
  if (existing.includes(name)) return `a resource named "${name}" exists already`;
  return null;
}

export function declaration(r: NewResource): string {
  const id = camelCase(r.name);
  return `import { defineResource } from '../resource';
import { descriptionField, FULL_CRUD, nameField, statusField, USER_ONLY } from './common';

/** ${r.en} (${r.zh}). Fields, views and permissions below drive the API, menu and pages. */
export const ${id} = defineResource({
  name: '${r.name}',
  // → POST /api/manage/v1/${r.name}/{page,detail,create,update,delete}
  prefix: '${r.name}',
  permissions: { user: FULL_CRUD },
  titleField: '${id}Name',
  defaultSort: { field: 'createdAt', order: 'desc' },
  table: { name: '${snakeCase(r.name)}' },
  menu: { icon: 'DatabaseOutlined' },
  views: [
    { name: 'list', kind: 'list', roles: USER_ONLY },
    { name: 'detail', kind: 'show', roles: USER_ONLY, hidden: true },
  ],
  fields: [nameField('${id}Name'), descriptionField(), statusField()],
});
`;
}

export function demoHook(r: NewResource): string {
  const id = camelCase(r.name);
  return `import { ${id} } from '../../../contract/resources/${r.name}';
import type { DemoRows } from './hook';
import { sampleRows } from './sample';

// Rows derived from the declaration, so they stay valid while it changes. Replace them with
// realistic Chinese content once the fields settle.
export const demo: DemoRows = () => sampleRows(${id}, 3);
`;
}

type Tree = { [key: string]: string | Tree };

/** The resource's locale namespace in both locales, system fields included. */
export function localeFiles(r: NewResource): { 'zh-CN': Tree; 'en-US': Tree } {
  const id = camelCase(r.name);
  return {
    'zh-CN': {
      menu: { title: r.zh, list: `${r.zh}列表`, detail: `${r.zh}详情` },
      titles: {
        list: `${r.zh}列表`,
        show: `${r.zh}详情`,
        create: `新建${r.zh}`,
        edit: `编辑${r.zh}`,
      },
      fields: {
        id: 'ID',
        version: '版本',
        createdAt: '创建时间',
        updatedAt: '修改时间',
        [`${id}Name`]: '名称',
        description: '描述',
        status: '状态',
      },
      enums: { status: { '0': '停用', '1': '启用' } },
    },
    'en-US': {
      menu: { title: r.en, list: `${r.en} list`, detail: `${r.en} detail` },
      titles: {
        list: `${r.en} list`,
        show: `${r.en} detail`,
        create: `New ${r.en.toLowerCase()}`,
        edit: `Edit ${r.en.toLowerCase()}`,
      },
      fields: {
        id: 'ID',
        version: 'Version',
        createdAt: 'Created at',
        updatedAt: 'Updated at',
        [`${id}Name`]: 'Name',
        description: 'Description',
        status: 'Status',
      },
      enums: { status: { '0': 'Disabled', '1': 'Enabled' } },
    },
  };
}

/** Inserts `line` after the last import of a module. */
export function addImport(source: string, line: string): string {
  const imports = [...source.matchAll(/^import [^;]+;\n/gm)];
  const last = imports.at(-1);
  if (!last || last.index === undefined) return `${line}\n${source}`;
  const at = last.index + last[0].length;
  return `${source.slice(0, at)}${line}\n${source.slice(at)}`;
}

/** Inserts `entry` as the last element of the array or object literal that `opener` starts. */
export function addEntry(source: string, opener: string, entry: string): string {
  const start = source.indexOf(opener);
  if (start < 0) throw new Error(`cannot find "${opener}"`);
  // The literal ends at the first line that starts with its closing bracket.
  const close = /\n[\]}]/.exec(source.slice(start));
  if (!close) throw new Error(`cannot find the end of "${opener}"`);
  const at = start + close.index;
  return `${source.slice(0, at)}\n  ${entry}${source.slice(at)}`;
}

/** The registry edits: contract list, table line, demo hook map. */
export function registryEdits(r: NewResource) {
  const id = camelCase(r.name);
  return {
    'contract/resources/index.ts': (s: string) =>
      addEntry(
        addImport(s, `import { ${id} } from './${r.name}';`),
        'export const RESOURCES',
        `${id},`,
      ),
    'server/db/schema/resources.ts': (s: string) =>
      `${addImport(s, `import { ${id} } from '../../../contract/resources/${r.name}';`)}export const ${id}Table = resourceTable(${id});\n`,
    'server/db/demo/index.ts': (s: string) =>
      addEntry(
        addImport(s, `import { demo as ${id} } from './${r.name}';`),
        'export const DEMO_ROWS',
        r.name === id ? `${id},` : `'${r.name}': ${id},`,
      ),
  };
}
