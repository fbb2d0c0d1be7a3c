import type { FastifyBaseLogger } from 'fastify';
import type { HubConnection, ConnectionEvents } from './connection.js';
import { HubError, type HubClient, type HubDefinition, type HubMethod } from './hub.js';
import { completion, completionError, invocation, type InvocationMessage } from './protocol.js';

/** A mounted hub: receives connection events and runs the definition's methods. */
export interface HubEndpoint extends ConnectionEvents {
  readonly name: string;
  connectionCount(): number;
  /** Lets the hub say its last words to a connection whose session ended (before Close). */
  sessionEnding(connection: HubConnection): void;
  /** Per connection: id, user, unsent bytes and the hub's own figures. */
  stats(): ConnectionStats[];
  start(): void;
  stop(): void;
}

/** Diagnostics of one open connection. */
export interface ConnectionStats {
  hub: string;
  connectionId: string;
  username: string;
  bufferedAmount: number;
  figures: Readonly<Record<string, number>>;
}

// Invocations of one connection run one after the other (like ASP.NET's default of one
// parallel invocation per client); a client that floods us is cut off instead of queued.
const MAX_QUEUED_INVOCATIONS = 64;
const MAX_SHOWN_TARGET = 64;

class Client<S> implements HubClient<S> {
  queue: Promise<void> = Promise.resolve();
  queued = 0;

  constructor(
    readonly connection: HubConnection,
    readonly state: S,
  ) {}

  get connectionId(): string {
    return this.connection.connectionId;
  }

  get principal(): HubConnection['principal'] {
    return this.connection.principal;
  }

  get bufferedAmount(): number {
    return this.connection.bufferedAmount;
  }

  send(target: string, args: readonly unknown[]): boolean {
    return this.connection.send(invocation(target, args));
  }

  sendSerialized(target: string, argumentsJson: string): boolean {
    // Same record as invocation() builds; the target is a server-side constant.
    return this.connection.sendText(
      `{"type":1,"target":${JSON.stringify(target)},"arguments":${argumentsJson}}`,
    );
  }

  sendRecord(record: Uint8Array, onWritten?: () => void): boolean {
    return this.connection.sendBytes(record, onWritten);
  }
}

/**
 * Binds a hub definition to connections. Generic over the state type S of the definition and
 * returns a non-generic endpoint, so the server can hold hubs of different state types.
 */
export function createHubEndpoint<S>(definition: HubDefinition<S>, log: FastifyBaseLogger): HubEndpoint {
  const methods = new Map<string, HubMethod<S>>(
    Object.entries(definition.methods).map(([name, method]) => [name.toLowerCase(), method]),
  );
  const clients = new Map<HubConnection, Client<S>>();
  let stopHub: (() => void) | undefined;

  async function invoke(client: Client<S>, message: InvocationMessage): Promise<void> {
    const id = message.invocationId;
    // Without an id the caller wants no answer, not even an error (HubProtocol.md).
    const reply = (record: object): void => {
      if (id !== undefined) client.connection.send(record);
    };
    const shown = message.target.slice(0, MAX_SHOWN_TARGET);
    const method = methods.get(message.target.toLowerCase());
    if (message.type === 4 || (message.streamIds?.length ?? 0) > 0) {
      reply(completionError(id ?? '', `Failed to invoke '${shown}': streaming is not supported.`));
      return;
    }
    if (method === undefined) {
      reply(completionError(id ?? '', `Failed to invoke '${shown}': the method does not exist.`));
      return;
    }
    try {
      const result: unknown = await method(client, message.arguments);
      reply(completion(id ?? '', result));
    } catch (error) {
      if (error instanceof HubError) {
        reply(completionError(id ?? '', `Failed to invoke '${shown}': ${error.message}`));
        return;
      }
      log.error({ err: error, hub: definition.name, target: shown }, 'hub method failed');
      reply(completionError(id ?? '', `An unexpected error occurred invoking '${shown}' on the server.`));
    }
  }

  return {
    name: definition.name,
    connectionCount: () => clients.size,
    opened(connection) {
      const info = { connectionId: connection.connectionId, principal: connection.principal };
      const client = new Client(connection, definition.createState(info));
      clients.set(connection, client);
      definition.onConnected?.(client);
    },
    invocation(connection, message) {
      const client = clients.get(connection);
      if (client === undefined) return;
      if (client.queued >= MAX_QUEUED_INVOCATIONS) {
        void connection.close({ error: 'Connection closed with an error. Too many pending invocations.' });
        return;
      }
      client.queued += 1;
      client.queue = client.queue
        .then(() => invoke(client, message))
        .finally(() => {
          client.queued -= 1;
        });
    },
    closed(connection) {
      const client = clients.get(connection);
      if (client === undefined) return;
      clients.delete(connection);
      definition.onDisconnected?.(client);
    },
    sessionEnding(connection) {
      const client = clients.get(connection);
      if (client !== undefined) definition.onSessionEnding?.(client);
    },
    stats() {
      return [...clients.values()].map((client) => ({
        hub: definition.name,
        connectionId: client.connectionId,
        username: client.principal.username,
        bufferedAmount: client.bufferedAmount,
        figures: definition.inspect?.(client.state) ?? {},
      }));
    },
    start() {
      stopHub ??= definition.start?.({ connections: () => clients.values() });
    },
    stop() {
      stopHub?.();
      stopHub = undefined;
    },
  };
}
