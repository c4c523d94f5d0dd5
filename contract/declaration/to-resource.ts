import { defineResource, type FieldDef, type ResourceDef } from '../resource';
import { referenceLabelName } from './names';
import type { DeclaredField, ResourceDeclaration } from './shape';

/** Drops the keys whose value is undefined, so mapped declarations hold only what was said. */
function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A declared field as the machinery's FieldDef. */
export function fieldDefOf(f: DeclaredField): FieldDef {
  const { name, type, required, list, sortable, filter, search, unique, min, max } = f;
  // An optional field with no default may simply be absent, and a record answers that as null,
  // which the update body must then accept back: such a field is nullable whatever it says.
  const nullable = f.nullable ?? (!required && f.default === undefined ? true : undefined);
  return {
    ...defined({ required, nullable, list, sortable, filter, search, unique, min, max }),
    ...(f.default !== undefined ? { default: f.default } : {}),
    name,
    type,
    ...(f.options ? { options: f.options.map((o) => o.value) } : {}),
    ...(type === 'json' ? { anyJson: true } : {}),
    ...(f.reference ? { reference: { ...f.reference, as: referenceLabelName(f.name) } } : {}),
  };
}

/**
 * The machinery's shape of a declaration. Views, soft delete and the table name are left to
 * their defaults (storage decides how declared rows are deleted); the title is the first
 * required string field, else the first string field.
 */
export function toResourceDef(decl: ResourceDeclaration): ResourceDef {
  const strings = decl.fields.filter((f) => f.type === 'string');
  const title = strings.find((f) => f.required) ?? strings[0];
  return defineResource<ResourceDef>({
    name: decl.name,
    prefix: decl.prefix ?? decl.name,
    permissions: defined(decl.permissions),
    fields: decl.fields.map(fieldDefOf),
    menu: defined({ group: decl.menu?.group, order: decl.menu?.order, icon: decl.menu?.icon }),
    ...(title ? { titleField: title.name } : {}),
    defaultSort: decl.defaultSort ?? { field: 'createdAt', order: 'desc' },
    ...(decl.listTimes ? { listTimes: decl.listTimes } : {}),
  });
}
