import { flushSync } from 'react-dom';
import { animationFrameScheduler, type FrameScheduler } from './frame-scheduler';

/**
 * One animation frame for all live updates of the page (PV values, live charts' ticks): the
 * callbacks queued for a frame run together in one callback, and the React updates they make are
 * rendered and committed once — at most one React commit per frame however many sources change
 * (DESIGN "Live values are conflated"). A callback that throws does not keep the others from running.
 */
export class FrameBatch implements FrameScheduler {
  private queue = new Map<number, () => void>();
  private next = 1;
  private frame: number | null = null;

  constructor(private readonly frames: FrameScheduler = animationFrameScheduler) {}

  request(callback: () => void): number {
    const handle = this.next++;
    this.queue.set(handle, callback);
    if (this.frame === null) this.frame = this.frames.request(() => this.run());
    return handle;
  }

  cancel(handle: number): void {
    this.queue.delete(handle);
    if (this.queue.size === 0 && this.frame !== null) {
      this.frames.cancel(this.frame);
      this.frame = null;
    }
  }

  private run(): void {
    this.frame = null;
    const callbacks = [...this.queue.values()];
    this.queue = new Map();
    const errors: unknown[] = [];
    flushSync(() => {
      for (const callback of callbacks) {
        try {
          callback();
        } catch (error) {
          errors.push(error);
        }
      }
    });
    // Reported as uncaught, after the frame's commit.
    for (const error of errors)
      queueMicrotask(() => {
        throw error;
      });
  }
}

/** The page's one frame batch. */
export const frameBatch = new FrameBatch();
