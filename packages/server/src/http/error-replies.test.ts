// How errors become replies, on a Fastify instance with the server's error handler.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FencedOut } from '../store/index.js';
import { installErrorReplies } from './error-replies.js';

describe('error replies', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    installErrorReplies(app);
    app.get('/fenced', async () => {
      throw new FencedOut(7);
    });
    app.get('/failed', async () => {
      throw new Error('relation "x" does not exist');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a write refused by the fencing token with 503 and Retry-After, without internals', async () => {
    const reply = await app.inject({ method: 'GET', url: '/fenced' });
    expect(reply.statusCode).toBe(503);
    expect(reply.headers['retry-after']).toBe('2');
    expect(reply.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Service Unavailable',
    });
    expect(reply.body).not.toContain('token');
  });

  it('answers a failure of ours with 500 and a fixed text', async () => {
    const reply = await app.inject({ method: 'GET', url: '/failed' });
    expect(reply.statusCode).toBe(500);
    expect(reply.headers['retry-after']).toBeUndefined();
    expect(reply.json()).toMatchObject({ message: 'Internal Server Error' });
  });
});
