import { defineResource } from '../resource';
import { FULL_CRUD, sceneCodeField, statusField } from './common';

/** Agents: a model, a scene and instructions, published under a code. */
export const agent = defineResource({
  name: 'agent',
  prefix: 'agent',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
  titleField: 'agentName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: [
    {
      name: 'agentName',
      type: 'string',
      required: true,
      max: 64,
      list: true,
      sortable: true,
      filter: 'contains',
      search: true,
    },
    {
      name: 'agentCode',
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
    { name: 'modelVersion', type: 'string', max: 64, nullable: true, list: true, filter: 'eq' },
    statusField(),
    { name: 'description', type: 'text', nullable: true, max: 1000, list: true },
  ],
});
