import { defineResource } from '../resource';
import { ANY, descriptionField, FULL_CRUD, sceneCodeField, statusField, USER_ONLY } from './common';

/** Model a template targets (spec §2: WINGPT or CHATGPT). */
export const PROMPT_MODEL_TYPES = ['WINGPT', 'CHATGPT'] as const;

/** Where a template's newest change stands (DATA-MODEL.md "Versions and approval"). */
export const REVIEW_STATES = ['none', 'draft', 'pending', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** States of one saved version. */
export const VERSION_STATES = ['live', 'draft', 'pending', 'rejected', 'archived'] as const;
export type VersionState = (typeof VERSION_STATES)[number];

/**
 * Prompt templates: platform-wide (isPublic 1, every operator) and personal (isPublic 0, only
 * their owner ever sees them, the admin included: spec §2 "my templates"). Every saved change is
 * a version; platform changes go live only when the admin approves them.
 */
export const prompt = defineResource({
  name: 'prompt',
  prefix: 'prompt',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
  table: { name: 'prompts', indexes: [['isPublic', 'createdAt']] },
  menu: { order: 2, icon: 'FileTextOutlined' },
  ownership: { field: 'ownerId', sharedWhen: { isPublic: 1 } },
  scopes: { public: { isPublic: 1 }, personal: { isPublic: 0 } },
  views: [
    { name: 'list-public', kind: 'list', roles: ANY, scope: 'public' },
    { name: 'add-public', kind: 'create', roles: ANY, hidden: true, scope: 'public' },
    { name: 'detail-public', kind: 'show', roles: ANY, hidden: true, scope: 'public' },
    { name: 'add', kind: 'create', roles: USER_ONLY, hidden: true, scope: 'personal' },
    { name: 'list', kind: 'list', roles: USER_ONLY, scope: 'personal' },
    { name: 'detail', kind: 'show', roles: USER_ONLY, hidden: true, scope: 'personal' },
  ],
  endpoints: {
    enable: {
      path: 'enable',
      action: 'edit',
      summary: 'Enable templates by ids; answers the count',
    },
    disable: {
      path: 'disable',
      action: 'edit',
      summary: 'Disable templates by ids; answers the count',
    },
    versions: { path: 'versions', action: 'show', summary: 'Every saved version, newest first' },
    restore: {
      path: 'restore',
      action: 'edit',
      summary: 'Save an old version as a new one (a draft for platform templates)',
    },
    submit: { path: 'submit', action: 'edit', summary: 'Submit the draft for review' },
    approve: {
      path: 'approve',
      action: 'edit',
      roles: ['admin'],
      summary: 'Make the pending version live (admin)',
    },
    gate: {
      path: 'gate',
      action: 'show',
      summary:
        'Where the pending version stands against its scene’s release gate: the evaluation, each metric against its threshold and the live version',
    },
    gateRun: {
      path: 'gate/run',
      action: 'edit',
      summary: 'Start the release gate’s evaluation of the pending version again',
    },
    reject: {
      path: 'reject',
      action: 'edit',
      roles: ['admin'],
      summary: 'Reject the pending version with a reason (admin)',
    },
    label: {
      path: 'label',
      action: 'edit',
      roles: ['admin'],
      summary:
        'Point a label (staging, canary, …) at a version of a platform template (admin); production moves only by approval',
    },
    unlabel: {
      path: 'unlabel',
      action: 'edit',
      roles: ['admin'],
      summary: 'Remove a label from a platform template (admin)',
    },
  },
  titleField: 'title',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: [
    {
      name: 'title',
      type: 'string',
      required: true,
      max: 128,
      list: true,
      sortable: true,
      filter: 'contains',
      search: true,
    },
    sceneCodeField(),
    {
      name: 'type',
      type: 'enum',
      options: PROMPT_MODEL_TYPES,
      default: 'CHATGPT',
      list: true,
      filter: 'eq',
    },
    statusField(),
    { name: 'isPublic', type: 'enum', options: [0, 1], default: 0, filter: 'eq', createOnly: true },
    { name: 'content', type: 'text', required: true, max: 20_000, search: true },
    { name: 'variables', type: 'json', nullable: true, form: 'none' },
    descriptionField({ list: false }),
    { name: 'note', type: 'string', max: 200, nullable: true, form: 'textarea' },
    // Labels for finding templates; not versioned: like status, a change applies at once.
    { name: 'tags', type: 'tags', list: true, filter: 'eq' },
    // Set from the caller's token on create; never accepted in a body.
    { name: 'ownerId', type: 'string', max: 64, nullable: true, readOnly: true, form: 'none' },
    { name: 'liveVersion', type: 'integer', readOnly: true, default: 1, form: 'none' },
    { name: 'pendingVersion', type: 'integer', nullable: true, readOnly: true, form: 'none' },
    {
      name: 'reviewState',
      type: 'enum',
      options: REVIEW_STATES,
      default: 'none',
      readOnly: true,
      list: true,
      filter: 'eq',
      form: 'none',
    },
  ],
});
