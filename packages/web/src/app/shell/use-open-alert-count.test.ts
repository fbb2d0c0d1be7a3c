import { describe, expect, it, vi } from 'vitest';
import { AlertHub } from '../../live/alert-hub';
import { ConnectionManager } from '../../live/connection-manager';
import { FakeHubConnection } from '../../test-support/fake-hub-connection';
import { COUNT_THROTTLE_MS, OpenAlertCount } from './use-open-alert-count';

const alert = (id: number, pending: boolean) => ({ id, pending, acknowledgedAt: pending ? null : 1 });

describe('the header count on the shared alert channel', () => {
  it('starts from the open alerts, follows the channel, and shares one connection with the archive', async () => {
    vi.useFakeTimers();
    const connections: FakeHubConnection[] = [];
    const manager = new ConnectionManager();
    const hub = new AlertHub(() => {
      const connection = new FakeHubConnection();
      connection.reply = () => ({ openAlerts: [alert(1, true), alert(2, true), alert(3, false)] });
      connections.push(connection);
      return connection;
    }, manager);
    const count = new OpenAlertCount(hub, manager);
    expect(count.getCount()).toBeNull();

    const releaseCount = count.acquire();
    const releaseArchive = hub.acquire();
    await vi.advanceTimersByTimeAsync(COUNT_THROTTLE_MS);
    expect(connections).toHaveLength(1);
    expect(count.getCount()).toBe(2);

    connections[0]!.emit('newAlert', alert(4, true));
    connections[0]!.emit('ackAlerts', [alert(1, false), alert(2, false)]);
    await vi.advanceTimersByTimeAsync(COUNT_THROTTLE_MS);
    expect(count.getCount()).toBe(1);

    releaseCount();
    releaseArchive();
    await vi.advanceTimersByTimeAsync(COUNT_THROTTLE_MS);
    expect(count.getCount()).toBeNull();
    vi.useRealTimers();
  });
});
