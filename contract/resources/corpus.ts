import { defineResource } from '../resource';
import { descriptionField, FULL_CRUD, nameField, sceneCodeField } from './common';

export const CORPUS_STATES = ['pending', 'marking', 'done'] as const;

/** Corpus sets: question/answer collections that operators annotate and evaluate against. */
export const corpus = defineResource({
  name: 'corpus',
  prefix: 'corpus',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
  titleField: 'corpusName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: [
    nameField('corpusName'),
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
    descriptionField(),
  ],
});
