/** Schedules work for the next frame; injectable so tests can step frames by hand. */
export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

/** requestAnimationFrame, or a 16 ms timer where there is none (e.g. some test environments). */
export const animationFrameScheduler: FrameScheduler = {
  request(callback) {
    if (typeof requestAnimationFrame === 'function') return requestAnimationFrame(() => callback());
    return setTimeout(callback, 16) as unknown as number;
  },
  cancel(handle) {
    if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(handle);
    else clearTimeout(handle);
  },
};
