/**
 * A value the header scripts and the islands on a page share and watch: `subscribe` calls at once
 * and on every change, `listen` only on changes; setting an equal value (Object.is) notifies no
 * one. The few lines the shell needs from a store library, on every page (~0.2 KB gz instead of
 * nanostores' ~0.9 KB; the cart keeps nanostores for its persistence across tabs).
 */
export type Value<T> = {
  get(): T;
  set(next: T): void;
  subscribe(listener: (value: T) => void): () => void;
  listen(listener: (value: T) => void): () => void;
};

export function value<T>(initial: T): Value<T> {
  let current = initial;
  const listeners = new Set<(value: T) => void>();
  const listen = (listener: (value: T) => void) => {
    // A wrapper per call, so the same function may listen twice and stop each on its own.
    const entry = (v: T) => listener(v);
    listeners.add(entry);
    return () => {
      listeners.delete(entry);
    };
  };
  return {
    get: () => current,
    set(next) {
      if (Object.is(next, current)) return;
      current = next;
      for (const listener of [...listeners]) listener(next);
    },
    listen,
    subscribe(listener) {
      const stop = listen(listener);
      listener(current);
      return stop;
    },
  };
}
