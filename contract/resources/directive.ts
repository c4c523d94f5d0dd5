import { defineResource } from '../resource';
import { codeField, FULL_CRUD, nameField, sceneCodeField, statusField, USER_ONLY } from './common';

/** Directives: named instructions a scene's assistant can be told to follow. */
export const directive = defineResource({
  name: 'directive',
  prefix: 'directive',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
  table: { name: 'directives' },
  menu: { order: 4, icon: 'ThunderboltOutlined' },
  views: [{ name: 'list', kind: 'list', roles: USER_ONLY }],
  titleField: 'directiveName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: [
    nameField('directiveName'),
    codeField('directiveCode'),
    sceneCodeField(),
    { name: 'content', type: 'text', required: true, max: 10_000, list: true, search: true },
    statusField(),
  ],
});
