import { defineResource } from '../resource';
import { ANY, descriptionField, FULL_CRUD, sceneCodeField, statusField, USER_ONLY } from './common';

/** Model a template targets (spec §2: WINGPT or CHATGPT). */
export const PROMPT_MODEL_TYPES = ['WINGPT', 'CHATGPT'] as const;

/**
 * Prompt templates: platform-wide (isPublic 1, every operator) and personal (isPublic 0, only
 * their owner ever sees them, the admin included: spec §2 "my templates").
 */
export const prompt = defineResource({
  name: 'prompt',
  prefix: 'prompt',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
  table: { name: 'prompts', indexes: [['isPublic', 'createdAt']] },
  menu: { order: 2, icon: 'FileTextOutlined' },
  ownership: { field: 'ownerId', sharedWhen: { isPublic: 1 } },
  scopes: { public: { isPublic: 1 }, personal: { isPublic: 0 } },
  views: [
    { name: 'list-public', kind: 'list', roles: ANY, scope: 'public' },
    { name: 'add-public', kind: 'create', roles: ANY, hidden: true, scope: 'public' },
    { name: 'detail-public', kind: 'show', roles: ANY, hidden: true, scope: 'public' },
    { name: 'add', kind: 'create', roles: USER_ONLY, hidden: true, scope: 'personal' },
    { name: 'list', kind: 'list', roles: USER_ONLY, scope: 'personal' },
    { name: 'detail', kind: 'show', roles: USER_ONLY, hidden: true, scope: 'personal' },
  ],
  titleField: 'title',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: [
    {
      name: 'title',
      type: 'string',
      required: true,
      max: 128,
      list: true,
      sortable: true,
      filter: 'contains',
      search: true,
    },
    sceneCodeField(),
    {
      name: 'type',
      type: 'enum',
      options: PROMPT_MODEL_TYPES,
      default: 'CHATGPT',
      list: true,
      filter: 'eq',
    },
    statusField(),
    { name: 'isPublic', type: 'enum', options: [0, 1], default: 0, filter: 'eq', createOnly: true },
    { name: 'content', type: 'text', required: true, max: 20_000, search: true },
    descriptionField({ list: false }),
    // Set from the caller's token on create; never accepted in a body.
    { name: 'ownerId', type: 'string', max: 64, nullable: true, readOnly: true, form: 'none' },
  ],
});
