// newValue, newAck and newConfig on /hubs/pv with the official client: a user's write, the
// acknowledgement of a failure input and a changed digital priority reach the PV's subscribers.
import type { ProcessValue, PvAckEvent, PvConfig, PvRef } from '@leitwarte/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';
import { collect, createConnector, sleep, until } from './live-test-client.js';
import { plantWithPendingFailure } from '../test-support/test-plant.js';

const SETPOINT: PvRef = { type: 'AnaOut', nr: 100010 };
const FAILURE: PvRef = { type: 'DigiIn', nr: 100901 };
const PUMP_FAILURE: PvRef = { type: 'DigiIn', nr: 100021 };

describe('PV write events on /hubs/pv', () => {
  const connector = createConnector();
  let server: TestServer;
  let plant: { file: string; remove: () => void };
  let operator: LoggedIn;
  let otherStation: LoggedIn;

  const post = (url: string, body: unknown) =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: {
        cookie: operator.cookie,
        'x-csrf-token': operator.csrfToken,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ status: string }>);

  async function subscribed(who: LoggedIn, refs: PvRef[]) {
    const connection = connector.connect(server, 'pv', who.cookie);
    const events = {
      values: collect<ProcessValue>(connection, 'newValue'),
      acks: collect<PvAckEvent>(connection, 'newAck'),
      configs: collect<PvConfig>(connection, 'newConfig'),
    };
    await connection.start();
    await connection.invoke('SubscribeToPvs', refs);
    return { connection, ...events };
  }

  beforeAll(async () => {
    plant = plantWithPendingFailure();
    server = await startTestServer({ config: { plantPath: plant.file } });
    operator = await loginAsNewUser(server, 'live-op', 'operator');
    await createTestRole(server, 'station2', ['read'], { allStations: false, stations: [2], pvGroups: [] });
    otherStation = await loginAsNewUser(server, 'live-s2', 'station2');
  });
  afterEach(() => connector.stopAll());
  afterAll(async () => {
    await server.close();
    plant.remove();
  });

  it('sends the field answer to a written value as newValue, only to its subscribers', async () => {
    const mine = await subscribed(operator, [SETPOINT]);
    const others = await subscribed(operator, [PUMP_FAILURE]);
    expect(
      await post('/api/Pv', [{ pvRef: SETPOINT, type: 'DoubleValue', doubleValue: 1.25 }]),
    ).toMatchObject({
      status: 'Success',
    });
    await until(() => mine.values.length > 0);
    expect(mine.values[0]).toMatchObject({
      pvRef: SETPOINT,
      type: 'DoubleValue',
      doubleValue: 1.25,
      quality: 'Good',
    });
    await sleep(200);
    expect(others.values).toEqual([]);
    expect(mine.values).toHaveLength(1);
  });

  it('sends newAck with the user who acknowledged a failure input', async () => {
    const mine = await subscribed(operator, [FAILURE]);
    const unreadable = await subscribed(otherStation, [FAILURE]);
    const before = Date.now();
    expect(await post('/api/Pv/DigiIn/ack', [FAILURE])).toMatchObject({ status: 'Success' });
    await until(() => mine.acks.length > 0);
    expect(mine.acks[0]).toEqual({ pvRef: FAILURE, user: 'live-op', timestamp: expect.any(Number) });
    expect(mine.acks[0]!.timestamp).toBeGreaterThanOrEqual(before - 1000);
    await sleep(200);
    expect(unreadable.acks).toEqual([]);
  });

  it('sends newConfig with the new priority of a digital alert input', async () => {
    const mine = await subscribed(operator, [PUMP_FAILURE]);
    expect(await post('/api/Pv/DigiIn/set-priorities', [{ pv: PUMP_FAILURE, priority: 6 }])).toMatchObject({
      status: 'Success',
    });
    await until(() => mine.configs.length > 0);
    expect(mine.configs[0]).toMatchObject({ pvRef: PUMP_FAILURE, alertInputConfig: { priority: 6 } });
  });
});
