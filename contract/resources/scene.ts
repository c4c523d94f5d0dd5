import { defineResource } from '../resource';
import { ANY, nameField, templateIdField, USER_ONLY } from './common';

/** Scene type as stored: 0 = prompt mode, 1 = chat mode (spec §3). */
export const SCENE_TYPES = [0, 1] as const;
export type SceneType = (typeof SCENE_TYPES)[number];
export type SceneMode = 'prompt' | 'chat';

/** Maps the backend's scene type to its mode; any other value is an error (spec §3, §8). */
export function sceneMode(type: unknown): SceneMode {
  if (type === 0 || type === '0') return 'prompt';
  if (type === 1 || type === '1') return 'chat';
  throw new Error('Unexpected backend type value');
}

export const scene = defineResource({
  name: 'scene',
  prefix: 'scene',
  permissions: {
    user: ['list', 'show', 'create', 'edit', 'delete'],
    admin: ['list', 'show', 'create', 'edit', 'delete'],
  },
  softDelete: 'isDel',
  table: { name: 'scenes', indexes: [['isDel', 'createdAt']] },
  menu: { order: 1, icon: 'AppstoreOutlined' },
  views: [
    { name: 'list', kind: 'list', roles: ANY },
    { name: 'statistics', kind: 'page', roles: ANY },
    { name: 'detail', kind: 'show', roles: USER_ONLY, hidden: true },
  ],
  endpoints: {
    bindTemplate: {
      path: 'template/bind',
      action: 'edit',
      summary: 'Bind an enabled template the caller can see to a scene; answers the scene',
    },
    summary: {
      path: 'summary',
      action: 'show',
      summary: 'Calls, tokens and chats of a scene over the last 7 days, with recent ones',
    },
    unbindTemplate: {
      path: 'template/unbind',
      action: 'edit',
      summary: 'Detach the prompt template from a scene; answers the scene',
    },
  },
  titleField: 'sceneName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: [
    nameField('sceneName'),
    {
      name: 'sceneCode',
      type: 'string',
      required: true,
      max: 64,
      unique: true,
      createOnly: true,
      list: true,
      sortable: true,
      filter: 'contains',
      search: true,
    },
    {
      name: 'type',
      type: 'enum',
      options: SCENE_TYPES,
      default: 1,
      list: true,
      filter: 'eq',
    },
    { name: 'description', type: 'text', nullable: true, max: 1000, list: true, search: true },
    // CNY per calendar month; the statistics page shows the share of it used.
    { name: 'monthlyBudget', type: 'number', nullable: true, min: 0, max: 999_999_999 },
    // Bound through template/bind, which checks the template; never through create or update.
    templateIdField({ readOnly: true, form: 'none' }),
    // The release gate (contract/release-gate.ts); null: versions go live on approval alone.
    { name: 'releaseGate', type: 'json', nullable: true, form: 'none' },
    { name: 'isDel', type: 'integer', readOnly: true, default: 0, form: 'none' },
  ],
});
