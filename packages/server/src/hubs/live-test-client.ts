// Helpers for channel tests with the official @microsoft/signalr client against the real server.
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';

/** Opened connections of a test file; stop them after each test. */
export function createConnector() {
  const open: HubConnection[] = [];
  return {
    connect(server: { url: string }, hub: string, cookie: string): HubConnection {
      const connection = new HubConnectionBuilder()
        .withUrl(`${server.url}/hubs/${hub}`, { headers: { Cookie: cookie } })
        .configureLogging(LogLevel.None)
        .build();
      open.push(connection);
      return connection;
    },
    async stopAll(): Promise<void> {
      await Promise.all(open.splice(0).map((c) => c.stop()));
    },
  };
}

/** Collects the first argument of every invocation of one event, in order. */
export function collect<T>(connection: HubConnection, event: string): T[] {
  const seen: T[] = [];
  connection.on(event, (arg: T) => seen.push(arg));
  return seen;
}

export async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
