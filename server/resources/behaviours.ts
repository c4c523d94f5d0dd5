import type { Row } from './rows';
import type { ResourceStore } from './store';
import type { Caller } from './visibility';
import { corpusBehaviour } from './corpus';
import { corpusItemBehaviour } from './corpus-item';
import { directiveBehaviour } from './directive';
import { modelEvaluateBehaviour } from './model-evaluate';
import { pluginConfigBehaviour } from './plugin-config';
import { promptBehaviour } from './prompt';
import { recordBehaviour } from './record';

/**
 * What a resource does differently from the generic CRUD of its store: a template's change is
 * a version, a session's detail brings its messages. Each hook replaces the store call of the
 * same name; bodies are validated and authorised before it runs.
 */
export interface Behaviour {
  create?(store: ResourceStore, values: Row, caller: Caller, scope?: string): Promise<Row>;
  update?(
    store: ResourceStore,
    id: number,
    version: number,
    values: Row,
    caller: Caller,
    unchanged: Row,
  ): Promise<Row>;
  detail?(store: ResourceStore, id: number, caller: Caller): Promise<Row>;
  /** Deletes one row (delete with `id`); answers what store.remove answers. */
  remove?(store: ResourceStore, id: number, caller: Caller): Promise<{ id: number }>;
  /** Deletes several rows (delete with `ids`); answers the ids deleted, as store.removeMany. */
  removeMany?(store: ResourceStore, ids: readonly number[], caller: Caller): Promise<number[]>;
}

export const BEHAVIOURS: Readonly<Record<string, Behaviour>> = {
  prompt: promptBehaviour,
  record: recordBehaviour,
  directive: directiveBehaviour,
  corpus: corpusBehaviour,
  'corpus-item': corpusItemBehaviour,
  'model-evaluate': modelEvaluateBehaviour,
  'plugin-config': pluginConfigBehaviour,
};
