import { defineResource } from '../resource';
import { descriptionField, FULL_CRUD, nameField, sceneCodeField, USER_ONLY } from './common';

export const CORPUS_STATES = ['pending', 'marking', 'done'] as const;

/** Corpus sets: question/answer collections that operators annotate and evaluate against. */
export const corpus = defineResource({
  name: 'corpus',
  prefix: 'corpus',
  permissions: { user: FULL_CRUD, admin: FULL_CRUD },
  table: { name: 'corpora' },
  menu: { order: 5, icon: 'BookOutlined' },
  views: [
    { name: 'list', kind: 'list', roles: USER_ONLY },
    { name: 'detail', kind: 'show', roles: USER_ONLY, hidden: true },
    // Annotation gets its own page in the corpus issue; until then it shows the set.
    { name: 'mark', kind: 'show', roles: USER_ONLY, hidden: true },
  ],
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
