import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { RenderReply, RenderTask } from './render-thread.js';
import { renderSceneImage } from './scenes.js';

// The render thread (render-thread.ts): one frame at a time, at the lowest priority.
const port = parentPort;
if (port === null) throw new Error('the render thread runs as a worker thread');
try {
  // Linux: the nice value of this thread only.
  os.setPriority(0, os.constants.priority.PRIORITY_LOW);
} catch {
  // not permitted: normal priority
}
port.on('message', (task: RenderTask) => {
  let reply: RenderReply;
  try {
    const png = new Uint8Array(renderSceneImage(task.kind, task.state));
    reply = { id: task.id, png };
    port.postMessage(reply, [png.buffer]);
  } catch (error) {
    reply = { id: task.id, error: error instanceof Error ? error.message : String(error) };
    port.postMessage(reply);
  }
});
