// Method dispatch of a hub endpoint against a recording stand-in for the connection.
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { HubConnection } from './connection.js';
import { createHubEndpoint } from './hub-endpoint.js';
import { HubError, type HubDefinition } from './hub.js';
import type { InvocationMessage } from './protocol.js';

const principal = { sessionId: 's', userId: 1, username: 'u', role: 'operator' };

function setup() {
  const sent: object[] = [];
  const connection = {
    connectionId: 'c1',
    principal,
    bufferedAmount: 0,
    send: (record: object) => sent.push(record) > 0,
    close: vi.fn(async () => undefined),
  } as unknown as HubConnection;
  const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
  const definition: HubDefinition<{ calls: number }> = {
    name: 'test',
    createState: () => ({ calls: 0 }),
    methods: {
      Add: (_client, args) => (args[0] as number) + (args[1] as number),
      Count: (client) => {
        client.state.calls += 1;
        return client.state.calls;
      },
      Void: () => undefined,
      Slow: async () => new Promise((resolve) => setTimeout(() => resolve('slow'), 20)),
      Refuse: () => {
        throw new HubError('not allowed here');
      },
      Crash: () => {
        throw new Error('secret internals at /srv/app.js:12');
      },
    },
  };
  const endpoint = createHubEndpoint(definition, log);
  endpoint.opened(connection);
  const invoke = (target: string, args: unknown[], invocationId?: string) => {
    const message: InvocationMessage = { type: 1, target, arguments: args };
    if (invocationId !== undefined) message.invocationId = invocationId;
    endpoint.invocation(connection, message);
  };
  return { sent, connection, log, endpoint, invoke };
}

describe('hub endpoint', () => {
  it('answers with the result, or without one for void methods', async () => {
    const { sent, invoke } = setup();
    invoke('Add', [40, 2], '1');
    invoke('Void', [], '2');
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { type: 3, invocationId: '1', result: 42 },
      { type: 3, invocationId: '2' },
    ]);
  });

  it('runs the invocations of a connection in order, with per-connection state', async () => {
    const { sent, invoke } = setup();
    invoke('Slow', [], 'a');
    invoke('Count', [], 'b');
    invoke('Count', [], 'c');
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.map((r) => (r as { result: unknown }).result)).toEqual(['slow', 1, 2]);
  });

  it('sends a HubError message, but only a generic text for other exceptions', async () => {
    const { sent, invoke, log } = setup();
    invoke('Refuse', [], '1');
    invoke('Crash', [], '2');
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toEqual({
      type: 3,
      invocationId: '1',
      error: "Failed to invoke 'Refuse': not allowed here",
    });
    expect(sent[1]).toEqual({
      type: 3,
      invocationId: '2',
      error: "An unexpected error occurred invoking 'Crash' on the server.",
    });
    expect(log.error).toHaveBeenCalledOnce();
  });

  it('never answers an invocation without id, not even its errors', async () => {
    const { sent, invoke } = setup();
    invoke('Crash', []);
    invoke('Nope', []);
    invoke('Add', [1, 1], 'x');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent).toEqual([{ type: 3, invocationId: 'x', result: 2 }]);
  });

  it('refuses streaming and matches method names case-insensitively', async () => {
    const { sent, endpoint, connection, invoke } = setup();
    endpoint.invocation(connection, { type: 4, invocationId: '1', target: 'Add', arguments: [1, 2] });
    invoke('add', [1, 2], '2');
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]).toEqual({ type: 3, invocationId: '1', error: expect.stringContaining('streaming') });
    expect(sent[1]).toEqual({ type: 3, invocationId: '2', result: 3 });
  });

  it('cuts off a client that floods invocations', () => {
    const { invoke, connection } = setup();
    for (let i = 0; i < 70; i++) invoke('Slow', [], String(i));
    expect(connection.close).toHaveBeenCalled();
  });
});
