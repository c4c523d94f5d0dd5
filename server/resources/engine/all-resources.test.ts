import { beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import {
  rolesAllowed,
  ROLES,
  writableFields,
  type ResourceDef,
  type Role,
} from '../../../contract/resource';
import { RESOURCES } from '../../../contract/resources';
import {
  localeTextsOf,
  resourceDeclarationSchema,
  toResourceDef,
} from '../../../contract/resource-config';
import { RESOURCE_CONFIG_PATHS } from '../../../contract/resource-config-api';
import { KNOWLEDGE } from '../../resource-config/test-declarations';
import { sampleBody } from '../../db/demo/sample';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';
import { localeMessages } from '../../../src/locales';

const ACCOUNT: Record<Role, string> = { admin: 'admin', user: 'user' };
/**
 * A resource an admin declared, stored as documents rather than a table: the same suite must
 * pass for it, or configured resources do not behave like built-in ones.
 */
const DECLARED = resourceDeclarationSchema.parse(KNOWLEDGE);
const CONFIGURED = toResourceDef(DECLARED);
const ALL: readonly ResourceDef[] = [...RESOURCES, CONFIGURED];
/** The label a form shows a field under in English: the locale file's, or the declaration's. */
const englishLabel = (def: ResourceDef, field: string): string | undefined => {
  if (def === CONFIGURED) return localeTextsOf(DECLARED)['en-US'].fields[field];
  const fields = localeMessages['en-US'][def.name]?.fields;
  const label = typeof fields === 'object' ? fields[field] : undefined;
  return typeof label === 'string' ? label : undefined;
};
const reader = (def: ResourceDef) => rolesAllowed(def, 'list')[0];
const writer = (def: ResourceDef) =>
  ROLES.find((role) =>
    (['create', 'edit', 'delete'] as const).every((a) => def.permissions[role]?.includes(a)),
  );

/**
 * The generic CRUD contract, run against every declared resource with a role its declaration
 * lets read or write: a resource added by `npm run new:resource` is covered with no new test.
 */
describeBackends('every resource', (backend) => {
  const t = useTestApp(backend);
  const tokens = {} as Record<Role, string>;
  beforeAll(async () => {
    for (const role of ROLES) tokens[role] = await t.login(ACCOUNT[role]);
  });
  const call = (def: ResourceDef, role: Role, action: string, body: unknown) =>
    t.post(apiPath(def.prefix, action), body, { token: tokens[role], lang: 'en-US' });
  beforeAll(async () => {
    // Declared through the admin's page, with a few rows as its "demo" data.
    const declared = await t.post(
      RESOURCE_CONFIG_PATHS.create,
      { declaration: KNOWLEDGE },
      { token: tokens.admin },
    );
    expect(declared.body.code, JSON.stringify(declared.body)).toBe(0);
    for (const seed of ['x', 'y', 'z']) {
      const res = await call(CONFIGURED, 'user', 'create', await createBody(CONFIGURED, seed));
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    }
  });
  /**
   * Values a declaration alone cannot give: the key of a row that exists (references) and a
   * value its option list offers (optionsFrom), read from the API as the console would.
   */
  const existing = async (def: ResourceDef, role: Role, mode: 'create' | 'update') => {
    const out: Record<string, unknown> = {};
    for (const f of writableFields(def, mode)) {
      if (f.reference) {
        const target = ALL.find((r) => r.name === f.reference!.resource)!;
        const page = await call(target, role, 'page', { pageSize: 1 });
        const row = (page.body.data as { list: Record<string, unknown>[] }).list[0];
        if (row) out[f.name] = row[f.reference.key];
      } else if (f.optionsFrom) {
        const res = await t.post(
          apiPath(...f.optionsFrom.path.split('/')),
          {},
          {
            token: tokens[role],
          },
        );
        const first = (res.body.data as { list: Record<string, unknown>[] }).list[0];
        if (first)
          out[f.name] =
            f.type === 'tags' ? [first[f.optionsFrom.value]] : first[f.optionsFrom.value];
      }
    }
    return out;
  };
  /** A create body valid in the resource's first scope, when it has scopes. */
  const createBody = async (def: ResourceDef, seed: string) => {
    const scope = Object.keys(def.scopes ?? {})[0];
    const body: Record<string, unknown> = {
      ...sampleBody(def, 'create', seed),
      ...(await existing(def, writer(def)!, 'create')),
      // A judge's rubric must show it the answer.
      ...(def.name === 'model-evaluate' ? { judgeRubric: `Rate {{answer}} ${seed}` } : {}),
    };
    return scope ? { ...body, ...def.scopes![scope], scope } : body;
  };
  const updateBody = async (def: ResourceDef, seed: string) => ({
    ...sampleBody(def, 'update', seed),
    ...(await existing(def, writer(def)!, 'update')),
  });

  it.each(ALL.filter(reader).map((r) => [r.name, r] as const))(
    '%s: lists its demo rows; detail answers the same row',
    async (_, def) => {
      const role = reader(def)!;
      const res = await call(def, role, 'page', { current: 1, pageSize: 100 });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      const page = res.body.data as { list: { id: number }[]; total: number };
      expect(page.total).toBeGreaterThan(0);
      expect(page.list.length).toBe(Math.min(page.total, 100));
      if (def.permissions[role]?.includes('show')) {
        const detail = await call(def, role, 'detail', { id: page.list[0]!.id });
        // Detail may add to the row (a session's messages), never change it.
        expect(detail.body.data).toMatchObject(page.list[0]!);
      }
    },
  );

  it.each(ALL.filter(writer).map((r) => [r.name, r] as const))(
    '%s: create, versioned update, stale update refused, delete',
    async (_, def) => {
      const role = writer(def)!;
      const created = await call(def, role, 'create', await createBody(def, 'a'));
      expect(created.body.code, JSON.stringify(created.body)).toBe(0);
      const row = created.body.data as { id: number; version: number };
      expect(row.version).toBe(1);

      const update = { id: row.id, version: 1, ...(await updateBody(def, 'b')) };
      const updated = await call(def, role, 'update', update);
      expect(updated.body.code, JSON.stringify(updated.body)).toBe(0);
      expect(updated.body.data).toMatchObject({ id: row.id, version: 2 });

      const stale = await call(def, role, 'update', update);
      expect([stale.status, stale.body.code]).toEqual([409, 40900]);
      expect((await call(def, role, 'detail', { id: row.id })).body.data).toEqual(
        updated.body.data,
      );

      expect((await call(def, role, 'delete', { id: row.id })).body.code).toBe(0);
      expect((await call(def, role, 'detail', { id: row.id })).body.code).toBe(40400);
      expect((await call(def, role, 'delete', { id: row.id })).body.code).toBe(40400);
    },
  );

  it.each(ALL.filter(writer).map((r) => [r.name, r] as const))(
    '%s: bad input answers 40000 naming the field and writes nothing',
    async (_, def) => {
      const role = writer(def)!;
      const before = ((await call(def, role, 'page', {})).body.data as { total: number }).total;
      const required = def.fields.find((f) => f.required && !f.readOnly);
      if (required) {
        const { [required.name]: _omit, ...body } = await createBody(def, 'c');
        const res = await call(def, role, 'create', body);
        expect([res.status, res.body.code]).toEqual([400, 40000]);
        expect(JSON.stringify(res.body.data)).toContain(required.name);
        // What the operator reads names the field as the form does, not by its key.
        const label = englishLabel(def, required.name);
        expect(label, `${def.name}.fields.${required.name}`).toBeTruthy();
        expect(res.body.msg).toContain(label);
      }
      const unknown = await call(def, role, 'create', {
        ...(await createBody(def, 'd')),
        zzUnknown: 1,
      });
      expect([unknown.status, unknown.body.code]).toEqual([400, 40000]);
      const after = ((await call(def, role, 'page', {})).body.data as { total: number }).total;
      expect(after).toBe(before);
    },
  );
});
