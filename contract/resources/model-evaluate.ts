import { defineResource } from '../resource';
import { descriptionField, FULL_CRUD, nameField, templateIdField, USER_ONLY } from './common';

export const EVALUATION_STATES = [
  'pending',
  'running',
  'completed',
  'failed',
  'cancelled',
] as const;
export type EvaluationState = (typeof EVALUATION_STATES)[number];
/**
 * Metrics an evaluation can score, each 0–100: accuracy (matches the expected answer),
 * relevance, fluency, BLEU and ROUGE-L against the expected answer, the share of the item's
 * keywords the answer holds, and a judge model's score. With a judge, accuracy, relevance and
 * fluency are the judge's when its answer gives them.
 */
export const EVALUATION_METRICS = [
  'accuracy',
  'relevance',
  'fluency',
  'bleu',
  'rougeL',
  'keywordHit',
  'judge',
] as const;
export type EvaluationMetric = (typeof EVALUATION_METRICS)[number];
/** Model versions one evaluation compares. */
export const MAX_EVALUATED_VERSIONS = 6;

/**
 * Model evaluations: model versions answering a corpus set's questions through a template,
 * scored per metric; a run queues the work and the servers' workers do it.
 */
export const modelEvaluate = defineResource({
  name: 'model-evaluate',
  prefix: 'model-evaluate',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
  table: { name: 'model_evaluations' },
  menu: { order: 6, icon: 'ExperimentOutlined' },
  views: [
    { name: 'list', kind: 'list', roles: USER_ONLY },
    { name: 'detail', kind: 'show', roles: USER_ONLY, hidden: true },
    { name: 'report', kind: 'show', roles: USER_ONLY, hidden: true },
    { name: 'report-detail', kind: 'show', roles: USER_ONLY, hidden: true },
  ],
  titleField: 'evaluateName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: [
    nameField('evaluateName'),
    // Declared next to the name, so the list shows whether an evaluation is done beside it: after
    // the corpus, versions, template and metrics it sat behind the actions at 1,440 px.
    {
      name: 'state',
      type: 'enum',
      options: EVALUATION_STATES,
      default: 'pending',
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    // Percent of (item × model version) results written. Not a column of its own: the state's
    // cell shows it as a bar while the evaluation runs (0 % or 100 % otherwise says nothing).
    { name: 'progress', type: 'integer', min: 0, max: 100, default: 0, readOnly: true },
    {
      name: 'corpusId',
      type: 'reference',
      reference: { resource: 'corpus', key: 'id', label: 'corpusName', as: 'corpusName' },
      required: true,
      createOnly: true,
      list: true,
      filter: 'eq',
    },
    {
      name: 'modelVersions',
      type: 'tags',
      list: true,
      filter: 'eq',
      createOnly: true,
      optionsFrom: { path: 'model/version/list', value: 'version', label: 'version' },
    },
    // The version the report compares the others against; one of modelVersions.
    {
      name: 'baselineVersion',
      type: 'string',
      max: 64,
      nullable: true,
      optionsFrom: { path: 'model/version/list', value: 'version', label: 'version' },
    },
    templateIdField({ createOnly: true }),
    // A saved version of the template to answer with; the live content when null.
    { name: 'templateVersion', type: 'integer', min: 1, nullable: true, createOnly: true },
    { name: 'metrics', type: 'json', list: true, createOnly: true },
    // The model version that judges each answer by the rubric; no judge when null.
    {
      name: 'judgeVersion',
      type: 'string',
      max: 64,
      nullable: true,
      createOnly: true,
      optionsFrom: { path: 'model/version/list', value: 'version', label: 'version' },
    },
    // The judge's prompt, with {{question}}, {{expected}} and {{answer}}; the default when null.
    { name: 'judgeRubric', type: 'text', max: 8000, nullable: true, createOnly: true },
    { name: 'resultCount', type: 'integer', default: 0, readOnly: true },
    { name: 'startedAt', type: 'datetime', nullable: true, readOnly: true, sortable: true },
    { name: 'finishedAt', type: 'datetime', nullable: true, readOnly: true, list: true },
    { name: 'error', type: 'text', nullable: true, readOnly: true },
    descriptionField({ list: false }),
  ],
  endpoints: {
    run: {
      path: 'run',
      action: 'edit',
      summary:
        'Queue every corpus item × model version not evaluated yet and run them (a cancelled run resumes)',
    },
    progress: {
      path: 'progress',
      action: 'show',
      summary: 'Items done, failed, running and queued, with the time left',
    },
    cancel: {
      path: 'cancel',
      action: 'edit',
      summary: 'Cancel a pending or running evaluation',
    },
    report: {
      path: 'report',
      action: 'show',
      summary:
        'Per model version the mean of each metric with its 95 % confidence interval (Student ' +
        't), the human score, latency, tokens, cost and failed items; per other version against ' +
        'the baseline, for each metric over the items both answered: wins, losses and ties, and ' +
        'the mean paired difference with its 95 % bootstrap interval',
    },
    reportItems: {
      path: 'report/items',
      action: 'show',
      summary:
        'A page of corpus items with every model version’s answer and scores (the judge’s ' +
        'reason among them). `sort`: `item` (by item id, the default) or `worst` (lowest first: ' +
        'an item ranks by the lowest score any version got on `metric`, by default the ' +
        'evaluation’s first metric; items without that score come last); `itemId` answers that ' +
        'item alone',
    },
    reportExport: {
      path: 'report/download',
      action: 'show',
      summary:
        'Every result of an evaluation, one row per item × model version: item, question, ' +
        'expected answer, version, answer, each metric, latency, tokens, cost, the judge’s ' +
        'reason, the human score and comment, and when it was answered. `format` csv (text/csv; ' +
        'headers in the caller’s language, times on the clock of `timeZone`) or jsonl ' +
        '(application/x-ndjson) answers a file; without it, the rows in the answer. Figures are ' +
        'rounded as the console shows them (scores to 2 decimals, cost to 4)',
    },
  },
});
