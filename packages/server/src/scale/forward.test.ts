// Whether the owner answered: a follower tells a lost owner from a live one by its answers.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { forwardRequest, forwardUpgrade } from './forward.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function listen(handler: http.RequestListener): Promise<URL> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

/** A port nothing listens on: as a killed owner's. */
async function deadPort(): Promise<URL> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return new URL(`http://127.0.0.1:${port}`);
}

/** A follower that passes every request and upgrade to `owner` and records what it was told. */
async function follower(owner: URL) {
  const told: boolean[] = [];
  const url = await listen((request, response) =>
    forwardRequest(request, response, owner, (reached) => told.push(reached)),
  );
  return { url, told };
}

describe('forwarding to the owner', () => {
  it('says the owner was reached when it answers', async () => {
    const owner = await listen((_request, response) => response.end('from the owner'));
    const { url, told } = await follower(owner);
    const reply = await fetch(`${url.origin}/api/x`);
    expect(await reply.text()).toBe('from the owner');
    expect(told).toEqual([true]);
  });

  it('says the owner was not reached when nothing listens at its address, and answers 503', async () => {
    const { url, told } = await follower(await deadPort());
    const reply = await fetch(`${url.origin}/api/x`);
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBe('2');
    expect(told).toEqual([false]);
  });

  it('tells the same for a WebSocket upgrade', async () => {
    const dead = await deadPort();
    const told: boolean[] = [];
    const server = http.createServer();
    server.on('upgrade', (request, socket, head) =>
      forwardUpgrade(request, socket, head, dead, (reached) => told.push(reached)),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    socket.write('GET /hubs/pv HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n');
    await new Promise((resolve) => socket.on('close', resolve));
    expect(told).toEqual([false]);
  });
});
