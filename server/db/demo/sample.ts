import { writableFields, type FieldDef, type ResourceDef } from '../../../contract/resource';

/** A valid value for a field, from its declaration alone (bounds, options, type). */
export function sampleValue(field: FieldDef, seed: string | number): unknown {
  switch (field.type) {
    case 'string':
      return field.pattern
        ? patterned(field.pattern, seed)
        : `${field.name}-${seed}`.slice(0, field.max ?? 255);
    case 'text':
      return `${field.name} ${seed}`.slice(0, field.max ?? 10_000);
    case 'integer':
      return Math.min(Math.max(field.min ?? 1, 1), field.max ?? 2_147_483_647);
    case 'number':
      return Math.min(Math.max(field.min ?? 1.5, 1.5), field.max ?? 1_000_000);
    case 'enum':
      return field.options![0];
    case 'boolean':
      return true;
    case 'datetime':
      return new Date().toISOString();
    case 'url':
      return `https://example.com/${field.name}/${seed}`;
    case 'secret':
      return `sample-${field.name}-${seed}`;
  }
}

/** The pattern's example with the seed appended when that still matches, else the example. */
function patterned(pattern: NonNullable<FieldDef['pattern']>, seed: string | number): string {
  const re = new RegExp(`^(?:${pattern.regex})$`, 'u');
  const seeded = `${pattern.example}${String(seed)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  return re.test(seeded) ? seeded : pattern.example;
}

/** A create (or update) body with every writable field filled validly. */
export function sampleBody(
  def: ResourceDef,
  mode: 'create' | 'update',
  seed: string | number,
): Record<string, unknown> {
  return Object.fromEntries(writableFields(def, mode).map((f) => [f.name, sampleValue(f, seed)]));
}

/**
 * Demo rows derived from the declaration, for a resource that has no realistic ones yet: they
 * stay valid as the declaration changes. Datetimes become Dates for the insert.
 */
export function sampleRows(def: ResourceDef, count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => {
    const row = sampleBody(def, 'create', i + 1);
    for (const f of def.fields) {
      if (f.type === 'datetime' && typeof row[f.name] === 'string') {
        row[f.name] = new Date(row[f.name] as string);
      }
    }
    return row;
  });
}
