import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { API_PREFIX, apiPath, endpointPath } from '../../contract/api';
import {
  apiKeyCreateBody,
  apiKeyPageBody,
  apiKeyRevokeBody,
  PUBLIC_API_PREFIX,
  type ApiKeyScope,
} from '../../contract/api-keys';
import {
  declarationBodies,
  RESOURCE_CONFIG_PATHS,
  REST_PROXY_PREFIX,
} from '../../contract/resource-config-api';
import {
  changePasswordBody,
  loginBody,
  resetPasswordBody,
  userCreateBody,
  userDetailBody,
  userIdBody,
  userPageBody,
  userUpdateBody,
} from '../../contract/auth';
import { rolesAllowed, type Action, type ResourceDef, type Role } from '../../contract/resource';
import {
  createSchema,
  deleteSchema,
  exportSchema,
  idBody,
  pageSchema,
  updateSchema,
} from '../../contract/resource-schema';
import { RESOURCES } from '../../contract/resources';
import { tagsInUseSchema } from '../../contract/tags-schema';
import {
  modelVersionBody,
  modelVersionCreateBody,
  modelVersionDeleteBody,
  modelVersionUpdateBody,
} from '../routes/model';
import { OPTION_LIST_PATHS, optionListBody } from '../routes/options';
import { ENDPOINT_SCHEMAS } from '../../contract/endpoint-schemas';
import { STATISTIC_CALLS, statisticQuery } from '../../contract/statistics';
import { MOCK_ROUTES } from '../../mock';
import { callable } from '../resources/engine/crud';
import { OTLP_TRACES_PATH } from '../public/otlp/routes';
import { renderBody } from '../public/prompts';
import { ingestBatch } from '../../contract/ingest';
import { debugRecordPageBody } from '../../contract/debug-records';
import { interfaceValueBody, promptRunBody } from '../../contract/playground';

/**
 * Every route the API serves, derived from the contract the way app.ts mounts them, so a
 * resource or endpoint added to the contract is fuzzed and put through the matrix unasked.
 */
export interface RouteEntry {
  method: 'GET' | 'POST';
  url: string;
  /** The zod body the route validates; undefined when it takes none. */
  body?: z.ZodType;
  /** Who may call it: roles by the policy, 'anyone' without a token, 'signed-in' any role. */
  access:
    | {
        kind: 'policy';
        resource: ResourceDef;
        action: Action;
        /** The endpoint narrows the policy to these roles (approving is the admin's). */
        roles?: readonly Role[];
      }
    | { kind: 'public' | 'signed-in' }
    /** Routes outside the resource policy that only these roles may call (account admin). */
    | { kind: 'roles'; roles: readonly Role[] }
    /** The public API: a key with this scope, never a console login. */
    | { kind: 'key'; scope: ApiKeyScope };
}

export const CRUD_ACTIONS = [
  ['page', 'list'],
  ['detail', 'show'],
  ['create', 'create'],
  ['update', 'edit'],
  ['delete', 'delete'],
  ['export', 'list'],
] as const;

export function resourceRoutes(def: ResourceDef): RouteEntry[] {
  const bodies: Record<(typeof CRUD_ACTIONS)[number][0], z.ZodType> = {
    page: pageSchema(def),
    detail: idBody,
    create: createSchema(def),
    update: updateSchema(def),
    delete: deleteSchema,
    export: exportSchema(def),
  };
  // A call no role may make is not mounted (server/resources/engine/crud.ts callable).
  const routes: RouteEntry[] = CRUD_ACTIONS.filter(([, action]) => callable(def, action)).map(
    ([path, action]) => ({
      method: 'POST',
      url: apiPath(def.prefix, path),
      body: bodies[path],
      access: { kind: 'policy', resource: def, action },
    }),
  );
  // The tags in use, for a resource with free tags (server/resources/engine/calls.ts).
  const tags = tagsInUseSchema(def);
  if (tags && rolesAllowed(def, 'list').length) {
    routes.push({
      method: 'POST',
      url: apiPath(def.prefix, 'tags'),
      body: tags,
      access: { kind: 'policy', resource: def, action: 'list' },
    });
  }
  for (const [name, endpoint] of Object.entries(def.endpoints ?? {})) {
    const schema = ENDPOINT_SCHEMAS[def.name]?.[name];
    if (!schema) throw new Error(`${def.name}.${name} has no body schema`);
    if (!callable(def, endpoint.action, endpoint.roles)) continue;
    routes.push({
      method: 'POST',
      url: endpointPath(def, name),
      body: schema.body,
      access: {
        kind: 'policy',
        resource: def,
        action: endpoint.action,
        ...(endpoint.roles ? { roles: endpoint.roles } : {}),
      },
    });
  }
  return routes;
}

export const LOGIN = apiPath('user', 'login');
export const USER_DETAIL = apiPath('user', 'detail');
export const LOGOUT = apiPath('user', 'logout');
export const MENU = '/api/user/menu';
export const HEALTH = '/api/health';
export const MODEL_VERSIONS = apiPath('model', 'version', 'list');
export const CHANGE_PASSWORD = apiPath('user', 'password');

const ADMIN: RouteEntry['access'] = { kind: 'roles', roles: ['admin'] };

/** The admin's account and model-version calls, by path → body. */
export const ADMIN_ROUTES: RouteEntry[] = (
  [
    [apiPath('user', 'page'), userPageBody],
    [apiPath('user', 'create'), userCreateBody],
    [apiPath('user', 'update'), userUpdateBody],
    [apiPath('user', 'disable'), userIdBody],
    [apiPath('user', 'enable'), userIdBody],
    [apiPath('user', 'reset-password'), resetPasswordBody],
    [apiPath('model', 'version', 'create'), modelVersionCreateBody],
    [apiPath('model', 'version', 'update'), modelVersionUpdateBody],
    [apiPath('model', 'version', 'delete'), modelVersionDeleteBody],
    [apiPath('model', 'version', 'test'), modelVersionDeleteBody],
    [apiPath('api-key', 'page'), apiKeyPageBody],
    [apiPath('api-key', 'create'), apiKeyCreateBody],
    [apiPath('api-key', 'revoke'), apiKeyRevokeBody],
    ...(['list', 'detail', 'check', 'create', 'update', 'enable', 'delete'] as const).map(
      (call) => [RESOURCE_CONFIG_PATHS[call], declarationBodies[call]] as const,
    ),
    ...(['history', 'import', 'export', 'schema'] as const).map(
      (call) => [RESOURCE_CONFIG_PATHS[call], declarationBodies[call]] as const,
    ),
  ] as const
).map(([url, body]) => ({ method: 'POST', url, body, access: ADMIN }));

/**
 * The routes configured resources' calls arrive by (resource-config/dispatch.ts). They are not
 * calls of their own: what they serve changes with the declarations, and configured.test.ts and
 * the shared CRUD suite (all-resources.test.ts) put those calls through their paces.
 */
export const CONFIGURED_ROUTES: readonly string[] = [
  `${API_PREFIX}/*`,
  // REST-sourced resources' proxy (rest-proxy.ts; rest-proxy.test.ts covers its access rules).
  `${REST_PROXY_PREFIX}/:name`,
  `${REST_PROXY_PREFIX}/:name/:id`,
];

export const USER_ROUTES: RouteEntry[] = [
  { method: 'POST', url: LOGIN, body: loginBody, access: { kind: 'public' } },
  { method: 'POST', url: USER_DETAIL, body: userDetailBody, access: { kind: 'signed-in' } },
  { method: 'POST', url: LOGOUT, access: { kind: 'signed-in' } },
  { method: 'POST', url: MENU, access: { kind: 'signed-in' } },
  {
    method: 'POST',
    url: RESOURCE_CONFIG_PATHS.resources,
    body: declarationBodies.resources,
    access: { kind: 'signed-in' },
  },
  { method: 'POST', url: MODEL_VERSIONS, body: modelVersionBody, access: { kind: 'signed-in' } },
  {
    method: 'POST',
    url: CHANGE_PASSWORD,
    body: changePasswordBody,
    access: { kind: 'signed-in' },
  },
  ...OPTION_LIST_PATHS.map((url): RouteEntry => ({
    method: 'POST',
    url,
    body: optionListBody,
    access: { kind: 'signed-in' },
  })),
  { method: 'GET', url: HEALTH, access: { kind: 'public' } },
  // Records are scoped to their operator inside; both roles may call.
  {
    method: 'POST',
    url: apiPath('debug-record', 'page'),
    body: debugRecordPageBody,
    access: { kind: 'signed-in' },
  },
  {
    method: 'POST',
    url: apiPath('debug-record', 'detail'),
    body: idBody,
    access: { kind: 'signed-in' },
  },
  {
    method: 'POST',
    url: apiPath('prompt', 'run'),
    body: promptRunBody,
    // Whoever may open a template may run it; which templates is the run's own check.
    access: { kind: 'signed-in' },
  },
  {
    method: 'POST',
    url: apiPath('prompt', 'interface-value'),
    body: interfaceValueBody,
    access: { kind: 'signed-in' },
  },
  ...ADMIN_ROUTES,
];

/** The statistics calls: any signed-in role, one body shape. */
export const STATISTIC_ROUTES: RouteEntry[] = Object.values(STATISTIC_CALLS).map((path) => ({
  method: 'POST',
  url: apiPath(...path),
  body: statisticQuery,
  access: { kind: 'signed-in' },
}));

/** The spec §7 sample handlers (mock/): any signed-in role; GET ones take a query, not a body. */
export const SAMPLE_ROUTES: RouteEntry[] = MOCK_ROUTES.map((r) => ({
  method: r.method,
  url: r.url,
  ...(r.body ? { body: r.body } : {}),
  access: { kind: 'signed-in' },
}));

/** The public API's calls, with a key of their scope. */
export const PUBLIC_ROUTES: RouteEntry[] = [
  `${PUBLIC_API_PREFIX}/prompts/:templateId`,
  `${PUBLIC_API_PREFIX}/scenes/:sceneCode/prompt`,
].map((url): RouteEntry => ({
  method: 'GET',
  url,
  access: { kind: 'key', scope: 'prompts:read' },
}));
PUBLIC_ROUTES.push(
  {
    method: 'POST',
    url: `${PUBLIC_API_PREFIX}/prompts/:templateId/render`,
    body: renderBody,
    access: { kind: 'key', scope: 'prompts:read' },
  },
  {
    method: 'POST',
    url: `${PUBLIC_API_PREFIX}/ingest`,
    body: ingestBatch,
    access: { kind: 'key', scope: 'ingest' },
  },
  // OTLP: protobuf or JSON, decoded by the route itself.
  { method: 'POST', url: OTLP_TRACES_PATH, access: { kind: 'key', scope: 'ingest' } },
);

export const ALL_ROUTES: RouteEntry[] = [
  ...RESOURCES.flatMap(resourceRoutes),
  ...USER_ROUTES,
  ...STATISTIC_ROUTES,
  ...SAMPLE_ROUTES,
  ...PUBLIC_ROUTES,
];

/** Roles the policy lets call a route (every role for signed-in routes). */
export function rolesFor(route: RouteEntry, roles: readonly Role[]): Role[] {
  const access = route.access;
  if (access.kind === 'roles') return roles.filter((r) => access.roles.includes(r));
  if (access.kind === 'key') return [];
  if (route.access.kind === 'policy') {
    const { roles: only } = route.access;
    return rolesAllowed(route.access.resource, route.access.action).filter(
      (r) => !only || only.includes(r),
    );
  }
  return [...roles];
}

/**
 * The routes an app really serves, read from Fastify's route tree (it has no listing API):
 * lines like `│   └── /ready (GET, HEAD)`, each level indented by four characters.
 */
export function servedRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = url;
    for (const method of match[3]!.split(', ')) out.push({ method, url });
  }
  return out;
}
