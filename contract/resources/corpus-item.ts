import { defineResource } from '../resource';
import { FULL_CRUD } from './common';

export const ITEM_LABELS = ['correct', 'incorrect', 'needs-review'] as const;
export type ItemLabel = (typeof ITEM_LABELS)[number];
/**
 * pending: not annotated; skipped: passed over; annotated: labelled (by every assignee, who
 * agree); disputed: assignees disagree; reviewed: accepted or corrected by a reviewer.
 */
export const ITEM_STATES = ['pending', 'skipped', 'annotated', 'disputed', 'reviewed'] as const;
export type ItemState = (typeof ITEM_STATES)[number];
export const REVIEW_RESULTS = ['accepted', 'corrected'] as const;
/** Rows one import may hold. */
export const MAX_IMPORT_ROWS = 5000;

/**
 * One item of a corpus set. Shown inside the set's pages, so it has no views of its own; its
 * calls live under `corpus/item/`.
 */
export const corpusItem = defineResource({
  name: 'corpus-item',
  prefix: 'corpus/item',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
  table: {
    name: 'corpus_items',
    indexes: [
      ['corpusId', 'id'],
      ['corpusId', 'status', 'id'],
    ],
  },
  menu: { group: 'corpus' },
  views: [],
  titleField: 'question',
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    {
      name: 'corpusId',
      type: 'reference',
      reference: { resource: 'corpus', key: 'id', label: 'corpusName', as: 'corpusName' },
      required: true,
      createOnly: true,
      list: true,
      filter: 'eq',
    },
    { name: 'question', type: 'text', required: true, max: 10_000, list: true, search: true },
    { name: 'answer', type: 'text', nullable: true, max: 20_000, list: true, search: true },
    { name: 'recommendedAnswer', type: 'text', nullable: true, max: 20_000, list: true },
    {
      name: 'label',
      type: 'enum',
      options: ITEM_LABELS,
      nullable: true,
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    { name: 'tags', type: 'tags', list: true, filter: 'eq' },
    { name: 'comment', type: 'text', nullable: true, max: 2000, readOnly: true },
    {
      name: 'status',
      type: 'enum',
      options: ITEM_STATES,
      default: 'pending',
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    // Two annotators label the item independently (agreement); empty: anyone annotates it.
    { name: 'assignees', type: 'tags', identifiers: true, list: false, filter: 'eq' },
    { name: 'annotatorId', type: 'string', max: 64, nullable: true, readOnly: true, filter: 'eq' },
    { name: 'annotatorName', type: 'string', max: 64, nullable: true, readOnly: true, list: true },
    {
      name: 'annotatedAt',
      type: 'datetime',
      nullable: true,
      readOnly: true,
      list: true,
      sortable: true,
    },
    { name: 'reviewerId', type: 'string', max: 64, nullable: true, readOnly: true },
    { name: 'reviewerName', type: 'string', max: 64, nullable: true, readOnly: true, list: true },
    { name: 'reviewedAt', type: 'datetime', nullable: true, readOnly: true },
    {
      name: 'reviewResult',
      type: 'enum',
      options: REVIEW_RESULTS,
      nullable: true,
      readOnly: true,
    },
    // The template call the item was made from (`from-call`), if any.
    { name: 'sourceCallId', type: 'integer', min: 1, nullable: true, readOnly: true },
  ],
  endpoints: {
    mark: {
      path: 'mark',
      action: 'edit',
      summary:
        'Annotate an item (label, recommended answer, tags, comment) or skip it; a stale ' +
        'version answers 40900 with the stored item',
    },
    review: {
      path: 'review',
      action: 'edit',
      summary: 'Accept or correct an annotated or disputed item',
    },
    import: {
      path: 'import',
      action: 'create',
      summary:
        'Import items from CSV or JSONL text into a set, validated row by row; any bad row ' +
        'answers 40000 with its line and nothing is written',
    },
    fromCall: {
      path: 'from-call',
      action: 'create',
      summary: 'Add a template call to a set as an item',
    },
    labels: {
      path: 'labels',
      action: 'show',
      summary: 'Every annotator’s label of one item (double annotation)',
    },
  },
});
