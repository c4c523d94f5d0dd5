import { defineResource } from '../resource';

export const HUMAN_SCORE_MAX = 5;

/**
 * One model version's answer to one corpus item in an evaluation, with its metric scores.
 * Written by the evaluation run (the seed for now); operators add a human score and comment.
 */
export const modelEvaluateResult = defineResource({
  name: 'model-evaluate-result',
  prefix: 'model-evaluate/result',
  permissions: { user: ['list', 'show', 'edit'], admin: ['list', 'show', 'edit'] },
  table: {
    name: 'model_evaluate_results',
    indexes: [
      ['evaluateId', 'itemId', 'modelVersion'],
      ['evaluateId', 'modelVersion'],
    ],
  },
  menu: { group: 'model-evaluate' },
  views: [],
  titleField: 'question',
  defaultSort: { field: 'itemId', order: 'asc' },
  fields: [
    {
      name: 'evaluateId',
      type: 'reference',
      reference: {
        resource: 'model-evaluate',
        key: 'id',
        label: 'evaluateName',
        as: 'evaluateName',
      },
      required: true,
      createOnly: true,
      list: true,
      filter: 'eq',
    },
    // The corpus item answered (kept as a number: the item may since have been deleted).
    {
      name: 'itemId',
      type: 'integer',
      min: 1,
      required: true,
      createOnly: true,
      list: true,
      sortable: true,
      filter: 'eq',
    },
    { name: 'question', type: 'text', required: true, createOnly: true, list: true, search: true },
    { name: 'expectedAnswer', type: 'text', nullable: true, createOnly: true, list: true },
    {
      name: 'modelVersion',
      type: 'string',
      required: true,
      max: 64,
      createOnly: true,
      list: true,
      sortable: true,
      filter: 'eq',
    },
    { name: 'answer', type: 'text', nullable: true, max: 20_000, createOnly: true, list: true },
    // Metric name → 0–100 (EVALUATION_METRICS).
    { name: 'scores', type: 'json', createOnly: true, list: true },
    { name: 'latencyMs', type: 'integer', min: 0, default: 0, createOnly: true, sortable: true },
    { name: 'totalTokens', type: 'integer', min: 0, default: 0, createOnly: true },
    {
      name: 'humanScore',
      type: 'integer',
      min: 0,
      max: HUMAN_SCORE_MAX,
      nullable: true,
      list: true,
      sortable: true,
      filter: 'eq',
    },
    { name: 'comment', type: 'text', nullable: true, max: 2000, list: true },
  ],
});
