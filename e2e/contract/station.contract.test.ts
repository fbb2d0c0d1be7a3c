import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRole } from '../../packages/server/src/test-support/users';
import { callStations, getAllStations, getPriorityOutputOptions } from '../../packages/web/src/api/station';
import { openApiSession, type ApiSession } from './support/api-session';

describe('station calls of the web client', () => {
  let session: ApiSession;

  beforeAll(async () => {
    session = await openApiSession();
    await createTestRole(session.server, 'station1', ['read', 'dial', 'ackAlerts'], {
      allStations: false,
      stations: [1],
      pvGroups: [],
    });
  });
  afterAll(() => session.close());

  it('lists the stations and priority-output options the user may see', async () => {
    await session.as('st-operator', 'operator');
    expect(await getAllStations()).toHaveLength(11);
    expect((await getPriorityOutputOptions()).stationOptions).toHaveLength(11);
    await session.as('st-scoped', 'station1');
    expect((await getAllStations()).map((s) => s.stationNumber)).toEqual([1]);
    const options = await getPriorityOutputOptions();
    expect(options.optionsForStation.map((o) => o.station)).toEqual([1]);
  });

  it('calls stations and passes refusals on', async () => {
    await session.as('st-operator-2', 'operator');
    expect(await callStations('Status', [1, 2])).toEqual({
      status: 'Success',
      missing: [],
      notCallable: [],
      unauthorized: [],
      errorMessage: null,
    });
    expect(await callStations('Disconnect', [1])).toMatchObject({ status: 'Failed', notCallable: [1] });
    expect(await callStations('Status', [999])).toMatchObject({ status: 'Failed', missing: [999] });
    await session.as('st-scoped-2', 'station1');
    expect(await callStations('Connect', [8])).toMatchObject({ status: 'Unauthorized', unauthorized: [8] });
    await session.as('st-viewer', 'viewer');
    expect(await callStations('Status', [1])).toEqual({
      status: 'Failed',
      missing: [],
      notCallable: [],
      unauthorized: [],
      errorMessage: 'Unzureichende Rechte für diese Operation.',
    });
  });

  it('answers "Netzwerkfehler: " plus the cause when the server cannot be reached', async () => {
    session.offline();
    try {
      const reply = await callStations('Connect', [1]);
      expect(reply).toMatchObject({ status: 'Failed', missing: [], notCallable: [], unauthorized: [] });
      expect(reply.errorMessage).toMatch(/^Netzwerkfehler: .+/);
      await expect(getAllStations()).rejects.toMatchObject({ name: 'NetworkError' });
      await expect(getPriorityOutputOptions()).rejects.toMatchObject({ name: 'NetworkError' });
    } finally {
      session.online();
    }
  });
});
