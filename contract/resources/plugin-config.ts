import { defineResource } from '../resource';
import {
  ADMIN_ONLY,
  codeField,
  descriptionField,
  FULL_CRUD,
  nameField,
  statusField,
} from './common';

/** Plugin configuration: admin only (spec §2, §6). `config` holds the plugin's JSON settings. */
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
    { name: 'config', type: 'text', nullable: true, max: 20_000 },
    statusField(),
    descriptionField(),
  ],
});
