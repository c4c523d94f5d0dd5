import { beforeAll, expect, it } from 'vitest';
import type { FieldDef, ResourceDef } from '../../contract/resource';
import { writableFields } from '../../contract/resource';
import { RESOURCES } from '../../contract/resources';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';

/** A valid value for any field, built from its declaration alone. */
function sampleValue(field: FieldDef, seed: string): unknown {
  switch (field.type) {
    case 'string':
      return `${field.name}-${seed}`.slice(0, field.max ?? 255);
    case 'text':
      return `${field.name} ${seed}`;
    case 'integer':
      return Math.max(field.min ?? 1, 1);
    case 'enum':
      return field.options![0];
    case 'boolean':
      return true;
    case 'datetime':
      return new Date().toISOString();
  }
}

function sample(def: ResourceDef, mode: 'create' | 'update', seed: string) {
  return Object.fromEntries(writableFields(def, mode).map((f) => [f.name, sampleValue(f, seed)]));
}

/** Every contract resource works end to end with no code of its own. */
describeBackends('every resource', (backend) => {
  const t = useTestApp(backend);
  let token = '';
  beforeAll(async () => {
    token = await t.login('admin');
  });
  const call = (def: ResourceDef, action: string, body: unknown) =>
    t.post(`/api/manage/v1/${def.prefix}/${action}`, body, { token });

  it.each(RESOURCES.map((r) => [r.name, r] as const))('%s: lists demo rows', async (_, def) => {
    const res = await call(def, 'page', { current: 1, pageSize: 100 });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const page = res.body.data as { list: { id: number }[]; total: number };
    expect(page.total).toBeGreaterThan(0);
    const detail = await call(def, 'detail', { id: page.list[0]!.id });
    expect(detail.body.data).toEqual(page.list[0]);
  });

  it.each(
    RESOURCES.filter((r) => r.permissions.admin?.includes('create')).map(
      (r) => [r.name, r] as const,
    ),
  )('%s: create, update with version, delete', async (_, def) => {
    const created = await call(def, 'create', sample(def, 'create', 'a'));
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    const row = created.body.data as { id: number; version: number };
    const updated = await call(def, 'update', {
      id: row.id,
      version: 1,
      ...sample(def, 'update', 'b'),
    });
    expect(updated.body.code, JSON.stringify(updated.body)).toBe(0);
    expect(updated.body.data).toMatchObject({ id: row.id, version: 2 });
    expect((await call(def, 'delete', { id: row.id })).body.code).toBe(0);
    expect((await call(def, 'detail', { id: row.id })).body.code).toBe(40400);
  });
});
