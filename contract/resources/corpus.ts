import { defineResource } from '../resource';
import { FULL_CRUD, sceneCodeField } from './common';

export const CORPUS_STATES = ['pending', 'marking', 'done'] as const;

/** Corpus sets: question/answer collections that operators annotate and evaluate against. */
export const corpus = defineResource({
  name: 'corpus',
  prefix: 'corpus',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
  titleField: 'corpusName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: [
    {
      name: 'corpusName',
      type: 'string',
      required: true,
      max: 64,
      list: true,
      sortable: true,
      filter: 'contains',
      search: true,
    },
    sceneCodeField(),
    {
      name: 'state',
      type: 'enum',
      options: CORPUS_STATES,
      default: 'pending',
      list: true,
      filter: 'eq',
    },
    { name: 'itemCount', type: 'integer', readOnly: true, default: 0, list: true, sortable: true },
    { name: 'description', type: 'text', nullable: true, max: 1000, list: true },
  ],
});
