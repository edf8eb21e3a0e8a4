/** A tiny synchronous event emitter: features publish moments, others (badge rules) subscribe later. */
export interface Signal<T = void> {
  emit: (value: T) => void;
  subscribe: (listener: (value: T) => void) => () => void;
}

export function createSignal<T = void>(): Signal<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    emit: (value) => {
      for (const listener of listeners) listener(value);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
