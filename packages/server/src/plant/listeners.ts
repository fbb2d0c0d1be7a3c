/**
 * A set of listeners where one that throws cannot starve the others or break the data source
 * that called it: the error is reported as a process warning and the remaining listeners run.
 */
export function createListeners<T>() {
  const listeners = new Set<(value: T) => void>();
  return {
    add(listener: (value: T) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(value: T): void {
      for (const listener of listeners) {
        try {
          listener(value);
        } catch (error) {
          process.emitWarning(
            error instanceof Error ? error : new Error(String(error)),
            'PlantListenerError',
          );
        }
      }
    },
    get size(): number {
      return listeners.size;
    },
  };
}
