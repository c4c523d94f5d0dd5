import { defineResource } from '../resource';
import {
  codeField,
  descriptionField,
  FULL_CRUD,
  nameField,
  sceneCodeField,
  statusField,
} from './common';

/** Agents: a model, a scene and instructions, published under a code. */
export const agent = defineResource({
  name: 'agent',
  prefix: 'agent',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
  titleField: 'agentName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: [
    nameField('agentName'),
    codeField('agentCode'),
    sceneCodeField(),
    { name: 'modelVersion', type: 'string', max: 64, nullable: true, list: true, filter: 'eq' },
    statusField(),
    descriptionField(),
  ],
});
