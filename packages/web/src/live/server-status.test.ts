// calls §4 "Server status values" on the client, and §8: Unauthorized forces the logout redirect.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../api/http';
import { FakeHubConnection } from '../test-support/fake-hub-connection';
import { ConnectionManager } from './connection-manager';
import { FIRST_REPORT_WAIT_MS, OWNER_PROBE_MS, ServerStatusChannel } from './server-status';

function setup(
  configure: (connection: FakeHubConnection) => void = () => {},
  // What the web server says when asked: true while no process serves the plant.
  probe: () => Promise<boolean> = async () => false,
) {
  const built: FakeHubConnection[] = [];
  const channel = new ServerStatusChannel(
    () => {
      const connection = new FakeHubConnection();
      configure(connection);
      built.push(connection);
      return connection;
    },
    new ConnectionManager({ retryDelay: () => 1000 }),
    probe,
  );
  return { channel, built, latest: () => built[built.length - 1]! };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  setUnauthorizedHandler(() => {});
});

describe('server status channel', () => {
  it('is WebServerDisconnected at first, ServerDisconnected once connected, then what the server reports', async () => {
    const { channel, latest } = setup();
    expect(channel.getStatus()).toBe('WebServerDisconnected');
    const release = channel.acquire();
    await channel.settled();
    expect(channel.getStatus()).toBe('ServerDisconnected');
    latest().emit('serverStatusChanged', 'Connected');
    expect(channel.getStatus()).toBe('Connected');
    latest().emit('serverStatusChanged', 'Wartungsmodus');
    expect(channel.getStatus()).toBe('Wartungsmodus');
    release();
    await channel.settled();
    expect(channel.getStatus()).toBe('WebServerDisconnected');
  });

  it('keeps a report that arrived with the handshake', async () => {
    const { channel } = setup((connection) => {
      connection.startImpl = async () => connection.emit('serverStatusChanged', 'Connected');
    });
    const release = channel.acquire();
    await channel.settled();
    expect(channel.getStatus()).toBe('Connected');
    release();
  });

  it('goes back to WebServerDisconnected when the status connection closes, and recovers', async () => {
    const { channel, built, latest } = setup();
    const release = channel.acquire();
    await channel.settled();
    latest().emit('serverStatusChanged', 'Connected');
    latest().simulateClose(new Error('server restarted'));
    expect(channel.getStatus()).toBe('WebServerDisconnected');
    await vi.advanceTimersByTimeAsync(1000);
    await channel.settled();
    expect(built).toHaveLength(2);
    expect(channel.getStatus()).toBe('ServerDisconnected');
    release();
  });

  it('Unauthorized sends the user to the logout page', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const { channel, latest } = setup();
    const release = channel.acquire();
    await channel.settled();
    latest().emit('serverStatusChanged', 'Unauthorized');
    expect(channel.getStatus()).toBe('Unauthorized');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    release();
  });

  it('keeps the last administrator message until dismissed', async () => {
    const { channel, latest } = setup();
    const release = channel.acquire();
    await channel.settled();
    latest().emit('sendServerInfoMessage', { message: 'Wartung um 22 Uhr', timestamp: 1, from: 'admin' });
    latest().emit('sendServerInfoMessage', { nonsense: true });
    expect(channel.getInfo()).toEqual({ message: 'Wartung um 22 Uhr', timestamp: 1, from: 'admin' });
    channel.dismissInfo();
    expect(channel.getInfo()).toBeNull();
    release();
  });

  describe('phase: a connection being set up is no fault', () => {
    it('is pending from the start through connecting until the server reports', async () => {
      const { channel, latest } = setup();
      expect(channel.getPhase()).toBe('pending');
      const release = channel.acquire();
      await channel.settled();
      expect(channel.getStatus()).toBe('ServerDisconnected');
      expect(channel.getPhase()).toBe('pending');
      latest().emit('serverStatusChanged', 'Connected');
      expect(channel.getPhase()).toBe('settled');
      release();
    });

    it('settles when the first attempt fails: WebServerDisconnected is then a fault', async () => {
      const { channel } = setup((connection) => {
        connection.startImpl = async () => {
          throw new Error('negotiate failed');
        };
      });
      const release = channel.acquire();
      await channel.settled();
      expect(channel.getStatus()).toBe('WebServerDisconnected');
      expect(channel.getPhase()).toBe('settled');
      release();
    });

    it('settles when the server does not report within the wait after connecting', async () => {
      const { channel } = setup();
      const release = channel.acquire();
      await channel.settled();
      await vi.advanceTimersByTimeAsync(FIRST_REPORT_WAIT_MS - 1);
      expect(channel.getPhase()).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(channel.getPhase()).toBe('settled');
      expect(channel.getStatus()).toBe('ServerDisconnected');
      release();
    });

    it('settles when an established connection closes, and is pending again once nobody holds it', async () => {
      const { channel, latest } = setup();
      const release = channel.acquire();
      await channel.settled();
      latest().emit('serverStatusChanged', 'Connected');
      latest().simulateClose(new Error('server restarted'));
      expect(channel.getStatus()).toBe('WebServerDisconnected');
      expect(channel.getPhase()).toBe('settled');
      release();
      await channel.settled();
      expect(channel.getPhase()).toBe('pending');
    });
  });

  describe('a lost owner (several processes)', () => {
    it('shows ServerDisconnected while the web server says nobody serves the plant, and recovers by itself', async () => {
      let ownerLost = false;
      let ownerUp = true;
      const probe = vi.fn(async () => ownerLost);
      const { channel, built, latest } = setup((connection) => {
        connection.startImpl = async () => {
          if (!ownerUp) throw new Error("Failed to complete negotiation with the server: Status code '503'");
        };
      }, probe);
      const release = channel.acquire();
      await channel.settled();
      latest().emit('serverStatusChanged', 'Connected');

      // The owner dies: the forwarded connection closes, the next attempts fail with 503.
      ownerUp = false;
      ownerLost = true;
      latest().simulateClose(new Error('owner gone'));
      await vi.advanceTimersByTimeAsync(0);
      expect(channel.getStatus()).toBe('ServerDisconnected');
      expect(channel.getPhase()).toBe('settled');
      // Failed attempts do not flip it back to WebServerDisconnected.
      await vi.advanceTimersByTimeAsync(1000);
      expect(channel.getStatus()).toBe('ServerDisconnected');
      const attemptsWhileLost = built.length;

      // Another process takes over: the next probe reconnects at once, the server reports.
      ownerUp = true;
      ownerLost = false;
      await vi.advanceTimersByTimeAsync(OWNER_PROBE_MS);
      await channel.settled();
      expect(built.length).toBeGreaterThan(attemptsWhileLost);
      latest().emit('serverStatusChanged', 'Connected');
      expect(channel.getStatus()).toBe('Connected');
      // Connected: no more asking.
      const probes = probe.mock.calls.length;
      await vi.advanceTimersByTimeAsync(5 * OWNER_PROBE_MS);
      expect(probe.mock.calls.length).toBe(probes);
      release();
    });

    it('stays WebServerDisconnected when the web server does not say the owner is lost', async () => {
      const probe = vi.fn(async () => false);
      const { channel, latest } = setup(() => {}, probe);
      const release = channel.acquire();
      await channel.settled();
      latest().emit('serverStatusChanged', 'Connected');
      latest().simulateClose(new Error('server restarted'));
      await vi.advanceTimersByTimeAsync(0);
      expect(probe).toHaveBeenCalled();
      expect(channel.getStatus()).toBe('WebServerDisconnected');
      release();
    });

    it('stops asking once nobody holds the channel', async () => {
      const probe = vi.fn(async () => true);
      const { channel, latest } = setup(() => {}, probe);
      const release = channel.acquire();
      await channel.settled();
      latest().simulateClose(new Error('owner gone'));
      await vi.advanceTimersByTimeAsync(0);
      release();
      await channel.settled();
      const probes = probe.mock.calls.length;
      await vi.advanceTimersByTimeAsync(5 * OWNER_PROBE_MS);
      expect(probe.mock.calls.length).toBe(probes);
      expect(channel.getStatus()).toBe('WebServerDisconnected');
    });
  });
});
