import { defineResource } from '../resource';
import {
  codeField,
  descriptionField,
  FULL_CRUD,
  nameField,
  templateIdField,
  USER_ONLY,
} from './common';

/** draft: being built; published: callers can use it; offline: withdrawn. */
export const AGENT_STATES = ['draft', 'published', 'offline'] as const;

/**
 * Agents: a model version with instructions (a system prompt or a template), the plugins it may
 * call, the directives it answers and the scenes it serves, published under a code.
 */
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
    { name: 'avatar', type: 'url', nullable: true, max: 2048 },
    {
      name: 'modelVersion',
      type: 'string',
      max: 64,
      nullable: true,
      list: true,
      filter: 'eq',
      optionsFrom: { path: 'model/version/list', value: 'version', label: 'version' },
    },
    { name: 'systemPrompt', type: 'text', nullable: true, max: 10_000 },
    templateIdField(),
    // Codes of plugin configurations, trigger commands of directives, codes of scenes.
    {
      name: 'plugins',
      type: 'tags',
      list: true,
      filter: 'eq',
      optionsFrom: { path: 'plugin/option/list', value: 'pluginCode', label: 'pluginName' },
    },
    {
      name: 'directives',
      type: 'tags',
      filter: 'eq',
      optionsFrom: { path: 'directive/option/list', value: 'command', label: 'directiveName' },
    },
    {
      name: 'scenes',
      type: 'tags',
      list: true,
      filter: 'eq',
      optionsFrom: { path: 'scene/option/list', value: 'sceneCode', label: 'sceneName' },
    },
    {
      name: 'status',
      type: 'enum',
      options: AGENT_STATES,
      default: 'draft',
      list: true,
      filter: 'eq',
    },
    descriptionField(),
  ],
});
