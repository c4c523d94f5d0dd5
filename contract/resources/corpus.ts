import { defineResource } from '../resource';
import { descriptionField, FULL_CRUD, nameField, sceneCodeField, USER_ONLY } from './common';

export const CORPUS_TYPES = ['qa', 'dialogue', 'instruction'] as const;
/** pending: nothing annotated; marking: under way; done: every item annotated (and reviewed). */
export const CORPUS_STATES = ['pending', 'marking', 'done'] as const;

/**
 * Corpus sets: items that operators annotate, review and evaluate models against. The counts
 * are kept by the server in the same transaction as every item write.
 */
export const corpus = defineResource({
  name: 'corpus',
  prefix: 'corpus',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
  table: { name: 'corpora' },
  menu: { order: 5, icon: 'BookOutlined' },
  views: [
    { name: 'list', kind: 'list', roles: USER_ONLY },
    { name: 'detail', kind: 'show', roles: USER_ONLY, hidden: true },
    { name: 'mark', kind: 'show', roles: USER_ONLY, hidden: true },
  ],
  titleField: 'corpusName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: [
    nameField('corpusName'),
    {
      name: 'type',
      type: 'enum',
      options: CORPUS_TYPES,
      default: 'qa',
      list: true,
      filter: 'eq',
    },
    sceneCodeField(),
    {
      name: 'state',
      type: 'enum',
      options: CORPUS_STATES,
      default: 'pending',
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    // Annotated items must be accepted or corrected by a reviewer before they count as done.
    { name: 'requireReview', type: 'boolean', default: false, list: true },
    { name: 'itemCount', type: 'integer', readOnly: true, default: 0, list: true, sortable: true },
    {
      name: 'annotatedCount',
      type: 'integer',
      readOnly: true,
      default: 0,
      list: true,
      sortable: true,
    },
    {
      name: 'reviewedCount',
      type: 'integer',
      readOnly: true,
      default: 0,
      list: true,
      sortable: true,
    },
    descriptionField(),
  ],
  endpoints: {
    counts: {
      path: 'counts',
      action: 'show',
      summary:
        'Every count of a set, by one definition (contract/corpus-counts.ts): items, ' +
        'annotated (disputed and reviewed included), reviewed, disputed, skipped, pending, ' +
        'and per annotator the items carrying their label',
    },
    agreement: {
      path: 'agreement',
      action: 'show',
      summary:
        'Agreement of the annotators of a set: percent agreement and Cohen’s kappa on the ' +
        'label per annotator pair, and the items they disagree on',
    },
  },
});
