import { Ajv } from 'ajv';
import { eq } from 'drizzle-orm';
import { invalidField, notFound } from '../../http/app-error';
import type { Behaviour } from '../engine/behaviour';
import type { EndpointHandler } from '../engine/endpoints';
import type { Row } from '../engine/rows';
import type { ResourceStore } from '../engine/store';
import type { Caller } from '../engine/visibility';

// One validator for the process: building Ajv compiles the meta-schemas once.
const ajv = new Ajv({ strict: false, allErrors: false });

/**
 * A plugin's parameters must be a JSON Schema (draft-07, Ajv's default meta-schema): anything
 * else answers 40000 on `parameterSchema` with the first reason Ajv gives.
 */
export function checkParameterSchema(schema: unknown): void {
  if (schema === undefined || schema === null) return;
  let valid: boolean;
  try {
    valid = ajv.validateSchema(schema as object) as boolean;
  } catch (error) {
    // A $schema naming an unknown meta-schema throws rather than answering false.
    throw invalidField('parameterSchema', 'badJsonSchema', { reason: (error as Error).message });
  }
  if (valid) return;
  const first = ajv.errors?.[0];
  const reason = first
    ? `${first.instancePath || '/'} ${first.message ?? first.keyword}`.trim()
    : 'invalid';
  throw invalidField('parameterSchema', 'badJsonSchema', { reason });
}

/** Create and update check the parameter schema; the store seals the secret (store.ts). */
export const pluginConfigBehaviour: Behaviour = {
  async create(store: ResourceStore, values: Row, caller: Caller, scope?: string) {
    checkParameterSchema(values.parameterSchema);
    return store.create(values, caller, scope);
  },
  async update(store, id, version, values, caller, unchanged) {
    checkParameterSchema(values.parameterSchema);
    return store.update(id, version, values, caller, unchanged);
  },
};

const setStatus =
  (status: 0 | 1): EndpointHandler =>
  async (store, body: { ids: number[] }, caller) => ({
    count: (await store.patchMany(body.ids, { status }, caller)).length,
  });

export const pluginConfigEndpoints: Readonly<Record<string, EndpointHandler>> = {
  enable: setStatus(1),
  disable: setStatus(0),
};

/**
 * A plugin's secret in clear, for the server calling the plugin; null when none is set. The one
 * place plaintext exists, and it never goes into an answer.
 */
export async function pluginSecret(store: ResourceStore, id: number): Promise<string | null> {
  const [row] = await store.db
    .select({ secret: store.col('secret') })
    .from(store.table)
    .where(eq(store.col('id'), id))
    .limit(1);
  if (!row) throw notFound();
  const sealed = row.secret as string | null;
  return sealed === null ? null : store.secrets.decrypt(sealed);
}
