import { defineResource } from '../resource';
import {
  ADMIN_ONLY,
  codeField,
  descriptionField,
  FULL_CRUD,
  nameField,
  statusField,
} from './common';

export const PLUGIN_TYPES = ['http', 'openapi'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const PLUGIN_AUTH_TYPES = ['none', 'bearer', 'api-key', 'basic'] as const;

/**
 * Plugin configuration: admin only (spec §2, §6). The secret is write-only: encrypted at rest
 * (server/crypto), answered only as a mask when set.
 */
export const pluginConfig = defineResource({
  name: 'plugin-config',
  prefix: 'plugin-config',
  permissions: { admin: FULL_CRUD },
  table: { name: 'plugin_configs' },
  menu: { order: 7, icon: 'ApiOutlined' },
  views: [{ name: 'list', kind: 'list', roles: ADMIN_ONLY }],
  titleField: 'pluginName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: [
    nameField('pluginName'),
    codeField('pluginCode'),
    {
      name: 'type',
      type: 'enum',
      options: PLUGIN_TYPES,
      default: 'http',
      list: true,
      filter: 'eq',
    },
    { name: 'endpoint', type: 'url', required: true, max: 2048, list: true },
    { name: 'method', type: 'enum', options: HTTP_METHODS, default: 'POST', list: true },
    {
      name: 'authType',
      type: 'enum',
      options: PLUGIN_AUTH_TYPES,
      default: 'none',
      list: true,
      filter: 'eq',
    },
    { name: 'secret', type: 'secret', nullable: true, max: 4096, list: true },
    // The parameters the plugin takes, as a JSON Schema (checked against the meta-schema);
    // edited as JSON text (json fields have no form control unless they name one).
    { name: 'parameterSchema', type: 'json', nullable: true, form: 'textarea' },
    statusField(),
    descriptionField(),
  ],
  endpoints: {
    enable: { path: 'enable', action: 'edit', summary: 'Enable plugins by ids' },
    disable: { path: 'disable', action: 'edit', summary: 'Disable plugins by ids' },
  },
});
