import { defineResource } from '../resource';
import { FULL_CRUD, sceneCodeField, statusField } from './common';

/** Directives: named instructions a scene's assistant can be told to follow. */
export const directive = defineResource({
  name: 'directive',
  prefix: 'directive',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
  titleField: 'directiveName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: [
    {
      name: 'directiveName',
      type: 'string',
      required: true,
      max: 64,
      list: true,
      sortable: true,
      filter: 'contains',
      search: true,
    },
    {
      name: 'directiveCode',
      type: 'string',
      required: true,
      max: 64,
      unique: true,
      list: true,
      filter: 'eq',
      search: true,
      createOnly: true,
    },
    sceneCodeField(),
    { name: 'content', type: 'text', required: true, max: 10_000, list: true, search: true },
    statusField(),
  ],
});
