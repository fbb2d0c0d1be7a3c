/** Schedules work for the next frame; injectable so tests can step frames by hand. */
export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

const pageHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

// Timers stand in for frames; their handles are kept apart from requestAnimationFrame's.
const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextTimer = -1;

/**
 * requestAnimationFrame; a 16 ms timer where there is none (e.g. some test environments) or
 * while the page is hidden: a background tab gets no frames, but what its live stores and
 * queries hold must not wait until it is shown again (the browser slows such timers down, so a
 * hidden page stays cheap).
 */
export const animationFrameScheduler: FrameScheduler = {
  request(callback) {
    if (typeof requestAnimationFrame === 'function' && !pageHidden())
      return requestAnimationFrame(() => callback());
    const handle = nextTimer--;
    timers.set(
      handle,
      setTimeout(() => {
        timers.delete(handle);
        callback();
      }, 16),
    );
    return handle;
  },
  cancel(handle) {
    const timer = timers.get(handle);
    if (timer !== undefined) {
      timers.delete(handle);
      clearTimeout(timer);
    } else if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(handle);
  },
};
