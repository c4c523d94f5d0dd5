import { apiPath } from './api';

/**
 * The calls of configured resources, shared by the server routes and the console.
 * All are `POST` below the API prefix, answering the usual envelope. `meta` is a reserved name,
 * so no resource, declared or built-in, can take these paths.
 */
export const RESOURCE_CONFIG_PATHS = {
  /** Any logged-in role: the enabled declarations the console merges with its built-ins. */
  resources: apiPath('meta', 'resources'),
  /** Admin only, below: the declarations themselves. */
  list: apiPath('meta', 'declaration', 'list'),
  detail: apiPath('meta', 'declaration', 'detail'),
  check: apiPath('meta', 'declaration', 'check'),
  create: apiPath('meta', 'declaration', 'create'),
  update: apiPath('meta', 'declaration', 'update'),
  enable: apiPath('meta', 'declaration', 'enable'),
  delete: apiPath('meta', 'declaration', 'delete'),
  history: apiPath('meta', 'declaration', 'history'),
  import: apiPath('meta', 'declaration', 'import'),
  export: apiPath('meta', 'declaration', 'export'),
  schema: apiPath('meta', 'declaration', 'schema'),
} as const;

/**
 * Where the console reaches a REST-sourced resource (@refinedev/simple-rest's apiUrl): the
 * server forwards `<this>/<name>[/<id>]` to the declared service (server/resource-config/
 * rest-proxy.ts).
 */
export const REST_PROXY_PREFIX = apiPath('meta', 'rest');
