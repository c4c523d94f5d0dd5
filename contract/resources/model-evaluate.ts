import { defineResource } from '../resource';
import { descriptionField, FULL_CRUD, nameField, USER_ONLY } from './common';

export const EVALUATION_STATES = ['pending', 'running', 'finished', 'failed'] as const;

/** Model evaluations: a model version run against a corpus set, with a score when finished. */
export const modelEvaluate = defineResource({
  name: 'model-evaluate',
  prefix: 'model-evaluate',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
  table: { name: 'model_evaluations' },
  menu: { order: 6, icon: 'ExperimentOutlined' },
  views: [
    { name: 'list', kind: 'list', roles: USER_ONLY },
    { name: 'detail', kind: 'show', roles: USER_ONLY, hidden: true },
    // Results and report pages get their own views in the evaluation issue.
    { name: 'report', kind: 'show', roles: USER_ONLY, hidden: true },
    { name: 'report-detail', kind: 'show', roles: USER_ONLY, hidden: true },
  ],
  titleField: 'evaluateName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: [
    nameField('evaluateName'),
    { name: 'modelVersion', type: 'string', required: true, max: 64, list: true, filter: 'eq' },
    { name: 'corpusId', type: 'integer', min: 1, nullable: true, list: true, filter: 'eq' },
    {
      name: 'state',
      type: 'enum',
      options: EVALUATION_STATES,
      default: 'pending',
      list: true,
      filter: 'eq',
    },
    {
      name: 'score',
      type: 'integer',
      min: 0,
      max: 100,
      nullable: true,
      list: true,
      sortable: true,
    },
    descriptionField({ list: false }),
  ],
});
