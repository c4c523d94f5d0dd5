import { defineResource } from '../resource';
import { FULL_CRUD, statusField } from './common';

/** Plugin configuration: admin only (spec §2, §6). `config` holds the plugin's JSON settings. */
export const pluginConfig = defineResource({
  name: 'plugin-config',
  prefix: 'plugin-config',
  permissions: { admin: FULL_CRUD },
  titleField: 'pluginName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: [
    {
      name: 'pluginName',
      type: 'string',
      required: true,
      max: 64,
      list: true,
      sortable: true,
      filter: 'contains',
      search: true,
    },
    {
      name: 'pluginCode',
      type: 'string',
      required: true,
      max: 64,
      unique: true,
      list: true,
      filter: 'eq',
      search: true,
      createOnly: true,
    },
    { name: 'config', type: 'text', nullable: true, max: 20_000 },
    statusField(),
    { name: 'description', type: 'text', nullable: true, max: 1000, list: true },
  ],
});
