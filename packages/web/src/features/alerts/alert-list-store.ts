import type { Alert } from '@leitwarte/core';
import { animationFrameScheduler, type FrameScheduler } from '../../live/frame-scheduler';
import { mergeAlertChanges, type AlertChange, type AlertListState, type ListWindow } from './alert-merge';
import { AlertPositions } from './alert-positions';

const EMPTY: AlertListState = { rows: [], total: 0 };

/**
 * The alert list outside React: a loaded page plus the live changes since. Changes are queued
 * and applied at most once per animation frame, so a burst of a thousand alerts costs React one
 * render. Changes that arrive while the list is loading wait for it and are applied on top. The
 * alerts' positions are kept beside the rows, so a change costs in proportion to its size, not to
 * the length of the list.
 */
export class AlertListStore {
  private state: AlertListState = EMPTY;
  private readonly positions = new AlertPositions();
  private window: ListWindow | null = null;
  private queue: AlertChange[] = [];
  private frame: number | null = null;
  /** Changes since the list call was sent: the reply may or may not hold them, so they are applied again. */
  private replay: AlertChange[] | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly scheduler: FrameScheduler = animationFrameScheduler) {}

  /** The current rows and total (a new object after every change, for useSyncExternalStore). */
  readonly getSnapshot = (): AlertListState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The list call is being sent: from now on changes are kept to be applied to its reply. */
  beginLoad(): void {
    this.replay = [];
  }

  /** A freshly loaded page of the window; changes since the call was sent are applied on top of it. */
  load(rows: readonly Alert[], total: number, window: ListWindow): void {
    this.window = window;
    this.state = { rows, total };
    this.positions.reset(rows);
    this.queue = [...(this.replay ?? []), ...this.queue];
    this.replay = null;
    this.flush();
  }

  /** Forgets the rows (a new window is loading); live changes are queued until it is loaded. */
  reset(): void {
    if (this.window === null && this.state === EMPTY) return;
    this.window = null;
    this.state = EMPTY;
    this.positions.reset([]);
    this.cancelFrame();
    this.emit();
  }

  /** Queues a live change for the next frame. */
  enqueue(change: AlertChange): void {
    this.queue.push(change);
    if (this.window !== null && this.frame === null) {
      this.frame = this.scheduler.request(() => {
        this.frame = null;
        this.flush();
      });
    }
  }

  /** Stops a pending frame (the screen goes away). */
  dispose(): void {
    this.cancelFrame();
    this.listeners.clear();
  }

  private flush(): void {
    this.cancelFrame();
    if (this.window === null) return;
    const changes = this.queue;
    this.queue = [];
    this.replay?.push(...changes);
    if (changes.length > 0) {
      const rows = this.state.rows;
      const merged = mergeAlertChanges(this.state, changes, this.window, (id) =>
        this.positions.indexIn(rows, id),
      );
      this.state = merged.state;
      if (merged.dropped) this.positions.reset(this.state.rows);
      else this.positions.addTop(this.state.rows, merged.added);
    } else {
      this.state = { ...this.state };
    }
    this.emit();
  }

  private cancelFrame(): void {
    if (this.frame !== null) this.scheduler.cancel(this.frame);
    this.frame = null;
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
