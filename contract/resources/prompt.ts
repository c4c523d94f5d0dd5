import { defineResource } from '../resource';
import { descriptionField, FULL_CRUD, sceneCodeField, statusField } from './common';

/** Model a template targets (spec §2: WINGPT or CHATGPT). */
export const PROMPT_MODEL_TYPES = ['WINGPT', 'CHATGPT'] as const;

/** Prompt templates: platform-wide (isPublic 1) and personal (isPublic 0). */
export const prompt = defineResource({
  name: 'prompt',
  prefix: 'prompt',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
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
  ],
});
