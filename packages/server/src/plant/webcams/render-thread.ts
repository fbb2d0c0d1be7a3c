import { Worker } from 'node:worker_threads';
import { workerEntry } from '../worker-entry.js';
import type { SceneKind, SceneState } from './scenes.js';

/** A frame to render in the render thread. */
export interface RenderTask {
  id: number;
  kind: SceneKind;
  state: SceneState;
}

/** The render thread's answer: the PNG, or why not. */
export interface RenderReply {
  id: number;
  png?: Uint8Array;
  error?: string;
}

/**
 * Renders camera frames in a worker thread of its own at low priority: drawing and compressing
 * one frame costs the thread 100 to 300 ms, which on the server's thread held up every request
 * (a day of backfilled frames, and each capture every few minutes after).
 */
export function createRenderThread() {
  let worker: Worker | null = null;
  let nextId = 0;
  let closed = false;
  const pending = new Map<number, { resolve: (png: Buffer) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    worker = null;
  };
  const thread = () => {
    if (worker) return worker;
    const { entry, eval: isCode } = workerEntry(import.meta.url, 'render-worker');
    const started = new Worker(entry, { eval: isCode });
    started.unref();
    started.on('message', (reply: RenderReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (reply.png) p.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
      else p.reject(new Error(reply.error ?? 'rendering failed'));
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => failAll(new Error(`the render thread ended (exit code ${code})`)));
    worker = started;
    return started;
  };
  return {
    render(kind: SceneKind, state: SceneState): Promise<Buffer> {
      if (closed) return Promise.reject(new Error('the render thread is closed'));
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        thread().postMessage({ id, kind, state } satisfies RenderTask);
      });
    },
    async close(): Promise<void> {
      closed = true;
      const running = worker;
      worker = null;
      await running?.terminate();
    },
  };
}
