import type { ResourceDef } from './resource';

/** Every manage call lives below this prefix. */
export const API_PREFIX = '/api/manage/v1';

/** The URL of a call below the API prefix, e.g. apiPath('scene', 'page'). */
export function apiPath(...segments: string[]): string {
  return [API_PREFIX, ...segments].join('/');
}

/** The URL of a resource's declared call beyond CRUD, by its name. */
export function endpointPath<R extends ResourceDef>(
  def: R,
  name: keyof NonNullable<R['endpoints']> & string,
): string {
  const endpoint = def.endpoints?.[name];
  if (!endpoint) throw new Error(`resource ${def.name} declares no endpoint ${name}`);
  return apiPath(def.prefix, endpoint.path);
}
