import { defineResource } from '../resource';
import {
  codeField,
  descriptionField,
  FULL_CRUD,
  nameField,
  sceneCodeField,
  statusField,
  USER_ONLY,
} from './common';

/** Agents: a model, a scene and instructions, published under a code. */
export const agent = defineResource({
  name: 'agent',
  prefix: 'agent',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
  table: { name: 'agents' },
  menu: { order: 7, icon: 'RobotOutlined' },
  views: [
    { name: 'list', kind: 'list', roles: USER_ONLY },
    { name: 'detail', kind: 'show', roles: USER_ONLY, hidden: true },
  ],
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
