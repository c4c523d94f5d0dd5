import { allFields, type ResourceDef } from '../../contract/resource';

export type Row = Record<string, unknown>;

/** A table row as the contract's record: every declared field, dates as ISO-8601 UTC. */
export function toRecord(def: ResourceDef, row: Row): Row {
  const out: Row = {};
  for (const f of allFields(def)) {
    const value = row[f.name];
    out[f.name] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return out;
}

/** Body values as column values: datetimes become Dates, absent keys stay absent. */
export function toColumnValues(def: ResourceDef, body: Row, skip: readonly string[] = []): Row {
  const out: Row = {};
  for (const f of allFields(def)) {
    if (skip.includes(f.name) || !(f.name in body)) continue;
    const value = body[f.name];
    if (value === undefined) continue;
    out[f.name] = f.type === 'datetime' && typeof value === 'string' ? new Date(value) : value;
  }
  return out;
}

/** Declared defaults for fields the create body left out. */
export function withDefaults(def: ResourceDef, values: Row): Row {
  const out = { ...values };
  for (const f of def.fields) {
    if (out[f.name] === undefined && f.default !== undefined && !f.readOnly)
      out[f.name] = f.default;
  }
  return out;
}

/** The given keys of a row that are present. */
export function pick(row: Row, keys: readonly string[]): Row {
  return Object.fromEntries(keys.filter((k) => row[k] !== undefined).map((k) => [k, row[k]]));
}

/** A row without the given keys. */
export function omit(row: Row, keys: readonly string[]): Row {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));
}
