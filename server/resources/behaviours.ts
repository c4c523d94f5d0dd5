import type { Row } from './rows';
import type { ResourceStore } from './store';
import type { Caller } from './visibility';
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
}

export const BEHAVIOURS: Readonly<Record<string, Behaviour>> = {
  prompt: promptBehaviour,
  record: recordBehaviour,
};
