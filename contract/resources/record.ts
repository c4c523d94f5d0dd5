import { defineResource } from '../resource';
import { codeField, sceneCodeField, USER_ONLY } from './common';

/**
 * Chat session records (spec §2 list: chatId, title, sceneName, createdAt, modifiedAt, type,
 * tag). The platform writes sessions and their messages; operators retitle and tag them.
 */
export const record = defineResource({
  name: 'record',
  prefix: 'record',
  permissions: {
    user: ['list', 'show', 'edit', 'delete'],
    admin: ['list', 'show', 'edit', 'delete'],
  },
  table: { name: 'records', indexes: [['sceneCode', 'modifiedAt']] },
  menu: { order: 3, icon: 'HistoryOutlined' },
  views: [
    { name: 'list', kind: 'list', roles: USER_ONLY },
    { name: 'detail', kind: 'show', roles: USER_ONLY, hidden: true },
  ],
  titleField: 'title',
  defaultSort: { field: 'modifiedAt', order: 'desc' },
  // Spec §2's list shows when a session started beside its last message.
  listTimes: ['createdAt'],
  fields: [
    codeField('chatId'),
    {
      name: 'title',
      type: 'string',
      required: true,
      max: 200,
      list: true,
      sortable: true,
      search: true,
    },
    // Time of the last message; the spec's modifiedAt column. Declared right after the title: the
    // list puts the system times (createdAt) there, so the two times stand together.
    {
      name: 'modifiedAt',
      type: 'datetime',
      list: true,
      sortable: true,
      filter: 'range',
      readOnly: true,
    },
    sceneCodeField({ createOnly: true }),
    { name: 'type', type: 'enum', options: [0, 1], default: 1, list: true, filter: 'eq' },
    { name: 'tag', type: 'tags', list: true, filter: 'eq' },
    { name: 'userId', type: 'string', max: 64, nullable: true, filter: 'eq', readOnly: true },
    {
      name: 'messageCount',
      type: 'integer',
      default: 0,
      list: true,
      sortable: true,
      readOnly: true,
    },
    { name: 'totalTokens', type: 'integer', default: 0, sortable: true, readOnly: true },
  ],
});
