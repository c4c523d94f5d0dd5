import { defineResource } from '../resource';
import { sceneCodeField, USER_ONLY } from './common';

/** One call of a template by the platform: read-only but for the operator's assessment. */
export const promptCall = defineResource({
  name: 'prompt-call',
  prefix: 'prompt/call',
  permissions: { user: ['list', 'show', 'edit'], admin: ['list', 'show', 'edit'] },
  table: { name: 'prompt_calls' },
  // Calls of a personal template are as private as the template.
  ownership: { through: { field: 'templateId', resource: 'prompt' } },
  menu: { group: 'prompt' },
  views: [
    { name: 'call-list', kind: 'list', roles: USER_ONLY },
    { name: 'call-detail', kind: 'show', roles: USER_ONLY, hidden: true },
  ],
  titleField: 'title',
  defaultSort: { field: 'callTime', order: 'desc' },
  fields: [
    {
      name: 'title',
      type: 'string',
      required: true,
      max: 128,
      list: true,
      search: true,
      createOnly: true,
    },
    {
      name: 'templateId',
      type: 'integer',
      min: 1,
      nullable: true,
      list: true,
      filter: 'eq',
      createOnly: true,
    },
    { name: 'question', type: 'text', required: true, list: true, search: true, createOnly: true },
    { name: 'answer', type: 'text', nullable: true, list: true, createOnly: true },
    { name: 'recommendedAnswer', type: 'text', nullable: true, list: true },
    { name: 'assessment', type: 'enum', options: [0, 1, 2], default: 0, list: true, filter: 'eq' },
    { name: 'variables', type: 'text', nullable: true, max: 10_000, list: true, createOnly: true },
    { name: 'callTime', type: 'datetime', list: true, sortable: true, createOnly: true },
    {
      name: 'userId',
      type: 'string',
      max: 64,
      nullable: true,
      list: true,
      filter: 'eq',
      createOnly: true,
    },
    { name: 'promptTokens', type: 'integer', min: 0, default: 0, list: true, createOnly: true },
    { name: 'completionTokens', type: 'integer', min: 0, default: 0, list: true, createOnly: true },
    sceneCodeField({ createOnly: true }),
  ],
});
