import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, startServerProcess } from './support/server-process.js';
import { sessionCookie } from './support/api.js';

describe('the server process', () => {
  it('stops at start with one line naming a bad variable', () => {
    const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'packages/server/dist/main.js')], {
      env: { ...process.env, LEITWARTE_PORT: 'achtzig' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('LEITWARTE_PORT');
  });

  it('prints the address and the login, and on SIGTERM tells hub clients to reconnect and exits 0', async () => {
    const server = await startServerProcess({ env: { LEITWARTE_ADMIN_PASSWORD: '' } });
    try {
      expect(server.output()).toContain(`http://localhost:${server.port}/`);
      expect(server.output()).toMatch(/Log in as "admin" with the password: \S{20}/);
    } finally {
      await server.dispose();
    }

    const again = await startServerProcess();
    try {
      const cookie = await sessionCookie(again.url);
      const connection = new HubConnectionBuilder()
        .withUrl(`${again.url}/hubs/pv`, { headers: { Cookie: cookie } })
        .withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => 60_000 })
        .configureLogging(LogLevel.None)
        .build();
      await connection.start();
      const reconnecting = new Promise<string>((resolve) =>
        connection.onreconnecting((e) => resolve(e?.message ?? '')),
      );
      const closedForGood = new Promise<void>((resolve) => connection.onclose(() => resolve()));
      expect(await again.stop('SIGTERM')).toBe(0);
      // A Close with allowReconnect makes the official client start reconnecting instead of closing.
      await reconnecting;
      expect(connection.state).toBe(HubConnectionState.Reconnecting);
      await connection.stop();
      await closedForGood;
    } finally {
      await again.dispose();
    }
  });
});
