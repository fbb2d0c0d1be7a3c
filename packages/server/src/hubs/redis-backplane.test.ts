// The Redis backplane between processes, against the machine's Redis and one of the test's own.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { ServerInfoMessage } from '@leitwarte/core';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, killRedisServer, startRedisServer, TEST_REDIS_URL } from '../test-support/redis-server.js';
import { sleep, until } from './live-test-client.js';
import { createRedisBackplane, type RedisBackplane } from './redis-backplane.js';

const info = (message: string): ServerInfoMessage => ({ message, timestamp: 1, from: 'admin' });

describe('Redis backplane', () => {
  const open: RedisBackplane[] = [];
  let redis: ChildProcess | undefined;

  async function processes(count: number, url = TEST_REDIS_URL, onResumed?: () => void) {
    const prefix = `lwtest-${randomBytes(4).toString('hex')}:`;
    const list: RedisBackplane[] = [];
    for (let i = 0; i < count; i += 1) {
      const backplane = createRedisBackplane({ url, prefix, onResumed });
      await backplane.ready();
      open.push(backplane);
      list.push(backplane);
    }
    return list;
  }

  afterEach(async () => {
    for (const backplane of open.splice(0)) await backplane.close();
    if (redis) await killRedisServer(redis);
    redis = undefined;
  });

  it('carries a message to every process once, in order, and to its own listeners at once', async () => {
    const [a, b, c] = (await processes(3)) as [RedisBackplane, RedisBackplane, RedisBackplane];
    const seen = { a: [] as string[], b: [] as string[], c: [] as string[], c2: [] as string[] };
    a.subscribe('server.info', (m) => seen.a.push(m.message));
    b.subscribe('server.info', (m) => seen.b.push(m.message));
    // Two listeners in one process: still one message over Redis.
    c.subscribe('server.info', (m) => seen.c.push(m.message));
    c.subscribe('server.info', (m) => seen.c2.push(m.message));
    await sleep(100);
    for (const text of ['eins', 'zwei', 'drei']) a.publish('server.info', info(text));
    expect(seen.a).toEqual(['eins', 'zwei', 'drei']);
    await until(() => seen.b.length === 3 && seen.c.length === 3);
    await sleep(100);
    expect(seen.a).toEqual(['eins', 'zwei', 'drei']);
    expect(seen.b).toEqual(['eins', 'zwei', 'drei']);
    expect(seen.c2).toEqual(['eins', 'zwei', 'drei']);
    expect(a.stats().published).toBe(3);
    expect(c.stats().received).toBe(3);
    expect(a.stats().received).toBe(0);
  });

  it('keeps topics and installations apart', async () => {
    const [a, b] = (await processes(2)) as [RedisBackplane, RedisBackplane];
    const [elsewhere] = (await processes(1)) as [RedisBackplane];
    const onB: unknown[] = [];
    const onElsewhere: unknown[] = [];
    b.subscribe('alerts.deleted', (ids) => onB.push(ids));
    elsewhere.subscribe('alerts.deleted', (ids) => onElsewhere.push(ids));
    await sleep(100);
    a.publish('server.info', info('nicht für alerts'));
    a.publish('alerts.deleted', [7, 8]);
    await until(() => onB.length === 1);
    await sleep(150);
    expect(onB).toEqual([[7, 8]]);
    expect(onElsewhere).toEqual([]);
  });

  it('after a Redis restart the processes reconnect, the clients are told to resubscribe, and messages flow again', async () => {
    const port = await freePort();
    redis = await startRedisServer(port);
    let resumed = 0;
    const [a, b] = (await processes(2, `redis://127.0.0.1:${port}`, () => (resumed += 1))) as [
      RedisBackplane,
      RedisBackplane,
    ];
    const onB: string[] = [];
    b.subscribe('server.info', (m) => onB.push(m.message));
    await sleep(100);
    await killRedisServer(redis);
    await until(() => !a.stats().connected && !b.stats().connected, 5000);
    // Nothing is queued while Redis is away: the clients fetch current state after it.
    a.publish('server.info', info('verloren'));
    expect(a.stats().dropped).toBe(1);
    redis = await startRedisServer(port);
    await until(() => resumed === 2, 10_000);
    await until(() => {
      a.publish('server.info', info('wieder da'));
      return onB.includes('wieder da');
    }, 10_000);
    expect(onB).not.toContain('verloren');
  }, 30_000);
});
