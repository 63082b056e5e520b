import { useSyncExternalStore } from 'react';

/**
 * A value the UI reads and is told about when it changes: the one shape of client state (docs/decisions/034).
 * A feature keeps its own store beside the code that changes it (features/auth/userStore.ts); the room's live in
 * its room client, one per page.
 */
export interface Store<T> {
  get(): T;
  /** Replaces the value and tells every subscriber, unless it is the same value. */
  set(next: T): void;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The store's value, or the part `select` picks from it, re-rendering when that changes. */
export function useStore<T>(store: Store<T>): T;
export function useStore<T, S>(store: Store<T>, select: (value: T) => S): S;
export function useStore<T, S>(store: Store<T>, select?: (value: T) => S): T | S {
  const read = () => (select ? select(store.get()) : store.get());
  return useSyncExternalStore(store.subscribe, read);
}
