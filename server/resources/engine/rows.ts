import { allFields, SECRET_MASK, type ResourceDef } from '../../../contract/resource';

export type Row = Record<string, unknown>;

/**
 * A table row as the contract's record: every declared field, dates as ISO-8601 UTC. A secret
 * answers only whether it is set (the mask), whatever the row holds: no code path that builds
 * a record from a row (a `returning`, a hand-written select) can let its ciphertext out.
 */
export function toRecord(def: ResourceDef, row: Row): Row {
  const out: Row = {};
  for (const f of allFields(def)) {
    const value = row[f.name];
    if (f.type === 'secret') out[f.name] = value == null ? null : SECRET_MASK;
    else out[f.name] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return out;
}

/**
 * Write values with every secret sealed: a string is encrypted, null clears, an absent key
 * keeps what is stored, and the mask itself (a record sent back as it came) keeps it too.
 */
export function sealSecrets(def: ResourceDef, values: Row, seal: (plain: string) => string): Row {
  const secrets = def.fields.filter((f) => f.type === 'secret' && f.name in values);
  if (!secrets.length) return values;
  const out = { ...values };
  for (const f of secrets) {
    const value = out[f.name];
    if (value === SECRET_MASK || value === undefined) delete out[f.name];
    else if (typeof value === 'string') out[f.name] = seal(value);
    else if (value !== null) throw new Error(`secret ${def.name}.${f.name} must be text`);
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
