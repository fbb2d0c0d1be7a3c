// The official @microsoft/signalr client in Node against the built server process: reconnects
// after a restart (SIGTERM: Close with allowReconnect) and after a killed process (SIGKILL: the
// socket just drops), and a logout that closes the sockets for good.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from './support/server-process.js';
import { sessionCookie } from './support/api.js';

/** A pv connection that never stops retrying and re-subscribes after each reconnect. */
function pvConnection(url: string, cookie: string) {
  const connection = new HubConnectionBuilder()
    .withUrl(`${url}/hubs/pv`, { headers: { Cookie: cookie } })
    .withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => 250 })
    .configureLogging(LogLevel.None)
    .build();
  let batches = 0;
  connection.on('newValues', () => (batches += 1));
  const subscribe = async () => {
    const pvs = (await (await fetch(`${url}/api/Pv/all`, { headers: { cookie } })).json()) as {
      config: { pvRef: unknown };
    }[];
    await connection.invoke(
      'SubscribeToPvs',
      pvs.slice(0, 200).map((pv) => pv.config.pvRef),
    );
  };
  connection.onreconnected(() => void subscribe());
  return { connection, subscribe, batches: () => batches };
}

async function until(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('official client against the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-e2e-client-'));
  let server: ServerProcess;
  let port: number;
  const open: HubConnection[] = [];

  beforeAll(async () => {
    port = await freePort();
    server = await startServerProcess({ port, dataDir });
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.stop()));
    await server?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['SIGTERM', 'SIGKILL'] as const)(
    'reconnects and receives values again after %s and a restart',
    async (signal) => {
      const cookie = await sessionCookie(server.url);
      const pv = pvConnection(server.url, cookie);
      open.push(pv.connection);
      await pv.connection.start();
      await pv.subscribe();
      await until(() => pv.batches() > 0, 5000);
      const reconnecting = new Promise<void>((resolve) => pv.connection.onreconnecting(() => resolve()));
      await server.stop(signal);
      await reconnecting;
      server = await startServerProcess({ port, dataDir });
      await until(() => pv.connection.state === HubConnectionState.Connected, 30_000);
      const before = pv.batches();
      // The session lives in the store, so the same cookie is still good after the restart.
      await until(() => pv.batches() > before + 1, 10_000);
    },
  );

  it('logout closes the sockets of that session for good, without reconnecting', async () => {
    const cookie = await sessionCookie(server.url);
    const pv = pvConnection(server.url, cookie);
    const status = new HubConnectionBuilder()
      .withUrl(`${server.url}/hubs/server-status`, { headers: { Cookie: cookie } })
      .withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => 250 })
      .configureLogging(LogLevel.None)
      .build();
    const statuses: string[] = [];
    status.on('serverStatusChanged', (s: string) => statuses.push(s));
    open.push(pv.connection, status);
    let reconnects = 0;
    for (const c of [pv.connection, status]) c.onreconnecting(() => (reconnects += 1));
    const closed = [pv.connection, status].map(
      (c) => new Promise<void>((resolve) => c.onclose(() => resolve())),
    );
    await Promise.all([pv.connection.start(), status.start()]);
    await until(() => statuses.length > 0, 5000);
    expect(statuses[0]).toBe('Connected');
    const info = await fetch(`${server.url}/api/UserManagement/info`, { headers: { cookie } });
    const { csrfToken } = (await info.json()) as { csrfToken: string };
    await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrfToken },
    });
    await Promise.all(closed);
    expect(statuses.at(-1)).toBe('Unauthorized');
    expect(reconnects).toBe(0);
    expect(pv.connection.state).toBe(HubConnectionState.Disconnected);
  });
});
