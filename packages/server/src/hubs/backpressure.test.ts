// A real client that stops reading: its socket is paused, so the kernel buffers fill and the
// server's socket buffer grows, while a healthy client on the same server keeps its latency.
import type { ProcessValue } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { PV_HUB_DEFAULTS } from './pv-hub.js';

const RS = '\x1e';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw JSON-protocol client that subscribes to the given PVs in calls of 1024. */
async function rawClient(server: TestServer, cookie: string, refs: unknown[], onRecord: (r: string) => void) {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/hubs/pv`, { headers: { cookie } });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let buffer = '';
  ws.on('message', (data: Buffer) => {
    buffer += data.toString('utf8');
    const parts = buffer.split(RS);
    buffer = parts.pop() ?? '';
    for (const part of parts) onRecord(part);
  });
  ws.send(`{"protocol":"json","version":1}${RS}`);
  for (let i = 0; i < refs.length; i += 1024) {
    const call = {
      type: 1,
      invocationId: String(i),
      target: 'SubscribeToPvs',
      arguments: [refs.slice(i, i + 1024)],
    };
    ws.send(JSON.stringify(call) + RS);
  }
  return ws;
}

describe('backpressure with a client that stops reading', () => {
  let server: TestServer;
  const saved = process.env.LEITWARTE_BENCH_FEED_HZ;

  beforeAll(async () => {
    // Every PV changes 100 times a second: enough traffic to fill the paused socket quickly.
    process.env.LEITWARTE_BENCH_FEED_HZ = '100';
    server = await startTestServer();
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.LEITWARTE_BENCH_FEED_HZ;
    else process.env.LEITWARTE_BENCH_FEED_HZ = saved;
    await server?.close();
  });

  it('keeps the stalled connection bounded and the healthy one on time', async () => {
    const cookie = await server.login();
    const refs = server.services.plant.pvConfigs().map((c) => c.pvRef);
    const latencies: number[] = [];
    let batches = 0;
    const healthy = await rawClient(server, cookie, refs, (record) => {
      if (!record.includes('"newValues"')) return;
      const values = (JSON.parse(record) as { arguments: [ProcessValue[]] }).arguments[0];
      batches += 1;
      const now = Date.now();
      for (const value of values) latencies.push(now - value.timestamp);
    });
    const stalled = await rawClient(server, cookie, refs, () => undefined);
    await sleep(300);
    // Stop reading: nothing is taken from the kernel any more.
    (stalled as unknown as { _socket: { pause(): void } })._socket.pause();

    const stats = () => server.app.hubs.connectionStats().filter((s) => s.hub === 'pv');
    const samples: { buffered: number; pending: number; skipped: number }[] = [];
    const started = Date.now();
    latencies.length = 0;
    batches = 0;
    while (Date.now() - started < 6000) {
      await sleep(100);
      const worst = stats().reduce((a, b) => (a.bufferedAmount >= b.bufferedAmount ? a : b));
      expect(worst.figures.pending).toBeLessThanOrEqual(worst.figures.subscribed ?? 0);
      samples.push({
        buffered: worst.bufferedAmount,
        pending: worst.figures.pending ?? 0,
        skipped: worst.figures.skippedTicks ?? 0,
      });
    }
    const last = samples.at(-1)!;
    // The server noticed the slow reader and skips it instead of queueing more.
    expect(last.skipped).toBeGreaterThan(0);
    // At most the limit plus one capped batch of unsent bytes (a value is far below 1 KB).
    const bound = PV_HUB_DEFAULTS.maxBufferedBytes + PV_HUB_DEFAULTS.maxBatchValues * 1024;
    expect(Math.max(...samples.map((s) => s.buffered))).toBeLessThan(bound);
    // Flat: from the first skipped tick on, the unsent bytes stay at the limit plus one batch.
    const batchBytes = refs.length * 1024;
    const sinceSkip = samples.filter((s) => s.skipped > 0).map((s) => s.buffered);
    expect(sinceSkip.length).toBeGreaterThan(5);
    expect(Math.max(...sinceSkip)).toBeLessThanOrEqual(PV_HUB_DEFAULTS.maxBufferedBytes + batchBytes);

    // The healthy client got a batch about every tick, with values a few ticks old at most.
    expect(batches).toBeGreaterThan(6000 / 50 / 2);
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)]!;
    expect(p99).toBeLessThan(250);
    healthy.close();
    stalled.terminate();
  });
});
