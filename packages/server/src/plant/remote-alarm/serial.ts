/**
 * Runs async jobs one after another. Changes of the remote alarm (user commands and the
 * simulated alerting) read and write the same plans, so they must not interleave.
 */
export function createSerial() {
  let tail: Promise<unknown> = Promise.resolve();
  return function serial<T>(job: () => Promise<T>): Promise<T> {
    const result = tail.then(job, job);
    tail = result.catch(() => undefined);
    return result;
  };
}
