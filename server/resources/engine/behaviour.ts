import type { Row } from './rows';
import type { ResourceStore } from './store';
import type { Caller } from './visibility';

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

/** A behaviour with its store bound: each hook replaces the store call of the same name. */
export interface BoundBehaviour {
  create?(values: Row, caller: Caller, scope?: string): Promise<Row>;
  update?(id: number, version: number, values: Row, caller: Caller, unchanged: Row): Promise<Row>;
  detail?(id: number, caller: Caller): Promise<Row>;
  remove?(id: number, caller: Caller): Promise<{ id: number }>;
  removeMany?(ids: readonly number[], caller: Caller): Promise<number[]>;
}

/** A built-in's behaviour bound to its store. */
export function bindBehaviour(behaviour: Behaviour, store: ResourceStore): BoundBehaviour {
  const bound: BoundBehaviour = {};
  if (behaviour.create) bound.create = behaviour.create.bind(behaviour, store);
  if (behaviour.update) bound.update = behaviour.update.bind(behaviour, store);
  if (behaviour.detail) bound.detail = behaviour.detail.bind(behaviour, store);
  if (behaviour.remove) bound.remove = behaviour.remove.bind(behaviour, store);
  if (behaviour.removeMany) bound.removeMany = behaviour.removeMany.bind(behaviour, store);
  return bound;
}
