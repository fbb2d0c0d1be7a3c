import type { ServerInfoMessage, ServerStatus } from '@leitwarte/core';
import type { Backplane } from './backplane.js';
import type { HubClient, HubDefinition } from './hub.js';

export interface ServerStatusHubOptions {
  backplane: Backplane;
  /** The status right now (from the data source's connection state). */
  current: () => ServerStatus;
}

/** Per connection: the last status sent, so a repeated state is not sent twice. */
export interface ServerStatusState {
  last: ServerStatus | null;
  sent: number;
}

function sendStatus(client: HubClient<ServerStatusState>, status: ServerStatus): void {
  if (client.state.last === status) return;
  if (client.send('serverStatusChanged', [status])) {
    client.state.last = status;
    client.state.sent += 1;
  }
}

/**
 * The `/hubs/server-status` channel (calls §4): `serverStatusChanged(status)` with the state of
 * the data source's connection, sent right after the handshake and on every change;
 * `sendServerInfoMessage(message)` for texts an administrator broadcasts; and `Unauthorized`
 * when the session ends, just before the Close record. Clients only listen: no methods but
 * `GetServerStatus`, which answers the current status (for a client that wants to ask).
 */
export function createServerStatusHub(options: ServerStatusHubOptions): HubDefinition<ServerStatusState> {
  const { backplane, current } = options;
  return {
    name: 'server-status',
    methods: { GetServerStatus: () => current() },
    createState: () => ({ last: null, sent: 0 }),
    onConnected(client) {
      sendStatus(client, current());
    },
    onSessionEnding(client) {
      sendStatus(client, 'Unauthorized');
    },
    inspect: (state) => ({ sent: state.sent }),
    start(host) {
      const stopStatus = backplane.subscribe('server.status', (status) => {
        for (const client of host.connections()) sendStatus(client, status);
      });
      const stopInfo = backplane.subscribe('server.info', (message: ServerInfoMessage) => {
        for (const client of host.connections()) client.send('sendServerInfoMessage', [message]);
      });
      return () => {
        stopStatus();
        stopInfo();
      };
    },
  };
}
