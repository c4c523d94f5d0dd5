import { COST_DECIMALS } from '../figures';
import { defineResource } from '../resource';
import { PROMPT_MODEL_TYPES } from './prompt';
import { sceneCodeField, templateIdField, USER_ONLY } from './common';

/** 0 = not rated yet, 1 = good, 2 = bad. */
export const ASSESSMENTS = [0, 1, 2] as const;

/** Who made a call: the platform (ingested or stored), the playground, or an evaluation run. */
export const CALL_SOURCES = ['platform', 'playground', 'evaluation'] as const;

/**
 * One call of a template by the platform. The platform writes calls; operators only rate them
 * and suggest a better answer.
 */
export const promptCall = defineResource({
  name: 'prompt-call',
  prefix: 'prompt/call',
  permissions: { user: ['list', 'show', 'edit'], admin: ['list', 'show', 'edit'] },
  table: { name: 'prompt_calls', indexes: [['templateId', 'callTime']] },
  // Calls of a personal template are as private as the template.
  ownership: { through: { field: 'templateId', resource: 'prompt' } },
  menu: { group: 'prompt' },
  views: [
    { name: 'call-list', kind: 'list', roles: USER_ONLY },
    { name: 'call-detail', kind: 'show', roles: USER_ONLY, hidden: true },
  ],
  titleField: 'title',
  defaultSort: { field: 'callTime', order: 'desc' },
  fields: [
    {
      name: 'title',
      type: 'string',
      required: true,
      max: 128,
      list: true,
      search: true,
      createOnly: true,
    },
    templateIdField({ createOnly: true }),
    { name: 'question', type: 'text', required: true, list: true, search: true, createOnly: true },
    { name: 'answer', type: 'text', nullable: true, list: true, search: true, createOnly: true },
    { name: 'recommendedAnswer', type: 'text', nullable: true, max: 10_000, list: true },
    {
      name: 'assessment',
      type: 'enum',
      options: ASSESSMENTS,
      default: 0,
      list: true,
      filter: 'eq',
    },
    {
      name: 'variables',
      type: 'json',
      nullable: true,
      list: true,
      createOnly: true,
      form: 'none',
    },
    {
      name: 'callTime',
      type: 'datetime',
      list: true,
      sortable: true,
      filter: 'range',
      createOnly: true,
    },
    {
      name: 'userId',
      type: 'string',
      max: 64,
      nullable: true,
      list: true,
      filter: 'eq',
      createOnly: true,
    },
    {
      name: 'promptTokens',
      type: 'integer',
      min: 0,
      default: 0,
      // Shown together in the call list's tokens column.
      list: false,
      sortable: true,
      createOnly: true,
    },
    {
      name: 'completionTokens',
      type: 'integer',
      min: 0,
      default: 0,
      // Shown together in the call list's tokens column.
      list: false,
      sortable: true,
      createOnly: true,
    },
    // prompt + completion, written with the call so lists can sort by it.
    {
      name: 'totalTokens',
      type: 'integer',
      default: 0,
      list: true,
      sortable: true,
      readOnly: true,
    },
    // CNY at the model version's price when the call was made: filled by the database
    // (migration 0004) from model_version_prices, so a later price change rewrites nothing.
    { name: 'cost', type: 'number', decimals: COST_DECIMALS, nullable: true, readOnly: true },
    sceneCodeField({ createOnly: true }),
    {
      name: 'modelType',
      type: 'enum',
      options: PROMPT_MODEL_TYPES,
      default: 'CHATGPT',
      filter: 'eq',
      createOnly: true,
    },
    {
      name: 'modelVersion',
      type: 'string',
      max: 64,
      nullable: true,
      filter: 'eq',
      optionsFrom: { path: 'model/version/list', value: 'version', label: 'version' },
      createOnly: true,
    },
    {
      name: 'source',
      type: 'enum',
      options: CALL_SOURCES,
      default: 'platform',
      filter: 'eq',
      createOnly: true,
    },
    // The template version the call rendered, when its sender said.
    { name: 'templateVersion', type: 'integer', min: 1, nullable: true, createOnly: true },
    { name: 'latencyMs', type: 'integer', min: 0, nullable: true, createOnly: true },
  ],
});
