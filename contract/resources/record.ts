import { defineResource } from '../resource';
import { codeField, sceneCodeField, USER_ONLY } from './common';

/** Chat session records (spec §2 list: chatId, title, sceneName, createdAt, modifiedAt, type, tag). */
export const record = defineResource({
  name: 'record',
  prefix: 'record',
  permissions: { user: ['list', 'show', 'delete'], admin: ['list', 'show', 'delete'] },
  table: { name: 'records' },
  menu: { order: 3, icon: 'HistoryOutlined' },
  views: [
    { name: 'list', kind: 'list', roles: USER_ONLY },
    { name: 'detail', kind: 'show', roles: USER_ONLY, hidden: true },
  ],
  titleField: 'title',
  defaultSort: { field: 'updatedAt', order: 'desc' },
  fields: [
    codeField('chatId'),
    { name: 'title', type: 'string', required: true, max: 200, list: true, search: true },
    sceneCodeField(),
    { name: 'type', type: 'enum', options: [0, 1], default: 1, list: true, filter: 'eq' },
    { name: 'tag', type: 'string', max: 64, nullable: true, list: true, filter: 'eq' },
  ],
});
