import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** Back to the initial value (and out of storage, when persisted). */
  reset(): void;
}

export interface PersistOptions {
  key: string;
  storage?: () => Storage;
}

function readPersisted<T>(initial: T, persist?: PersistOptions): T {
  if (!persist) return initial;
  try {
    const raw = (persist.storage ?? (() => localStorage))().getItem(persist.key);
    if (raw === null) return initial;
    const parsed = JSON.parse(raw) as unknown;
    // A stored object only patches the defaults, so a key added later still gets its default.
    if (isPlainObject(initial) && isPlainObject(parsed)) return { ...initial, ...parsed } as T;
    return parsed as T;
  } catch {
    return initial;
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A tiny observable value, optionally mirrored to web storage. */
export function createStore<T>(initial: T, persist?: PersistOptions): Store<T> {
  let value = readPersisted(initial, persist);
  const listeners = new Set<() => void>();
  const storage = () => (persist?.storage ?? (() => localStorage))();
  const emit = () => listeners.forEach((l) => l());
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (prev: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      if (persist) {
        try {
          storage().setItem(persist.key, JSON.stringify(value));
        } catch {
          // Storage full or blocked: the value still lives for this page.
        }
      }
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      value = initial;
      if (persist) {
        try {
          storage().removeItem(persist.key);
        } catch {
          // ignore, see set()
        }
      }
      emit();
    },
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
