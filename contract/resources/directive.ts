import { defineResource } from '../resource';
import {
  descriptionField,
  FULL_CRUD,
  nameField,
  sceneCodeField,
  statusField,
  templateIdField,
  USER_ONLY,
} from './common';

/** A trigger command: a slash, then a lower-case letter, then letters, digits, - or _. */
export const DIRECTIVE_COMMAND = { regex: '/[a-z][a-z0-9_-]{0,31}', example: '/summary' } as const;

/**
 * Directives: a slash command a scene's assistant answers with its own prompt, written here or
 * taken from a template (one of the two is required). Listed in the operators' order.
 */
export const directive = defineResource({
  name: 'directive',
  prefix: 'directive',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
  table: { name: 'directives', indexes: [['sortOrder', 'id']] },
  menu: { order: 4, icon: 'ThunderboltOutlined' },
  views: [{ name: 'list', kind: 'list', roles: USER_ONLY }],
  titleField: 'directiveName',
  defaultSort: { field: 'sortOrder', order: 'asc' },
  fields: [
    nameField('directiveName'),
    {
      name: 'command',
      type: 'string',
      required: true,
      max: 33,
      unique: true,
      list: true,
      filter: 'eq',
      search: true,
      pattern: DIRECTIVE_COMMAND,
    },
    descriptionField(),
    sceneCodeField(),
    { name: 'content', type: 'text', nullable: true, max: 10_000, list: true, search: true },
    templateIdField(),
    statusField(),
    // Position in the operators' order; `reorder` rewrites it for the rows it is sent.
    {
      name: 'sortOrder',
      type: 'integer',
      min: 0,
      default: 0,
      list: true,
      sortable: true,
      form: 'none',
    },
  ],
  endpoints: {
    enable: { path: 'enable', action: 'edit', summary: 'Enable directives by ids' },
    disable: { path: 'disable', action: 'edit', summary: 'Disable directives by ids' },
    reorder: {
      path: 'reorder',
      action: 'edit',
      summary:
        'Put the directives sent in this order, redistributing the sortOrder values they hold',
    },
  },
});
