import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browseSource, getSources, restartSource } from '../../packages/web/src/api/admin-sources';
import { ApiError, NetworkError } from '../../packages/web/src/api/http';
import { writeFieldPlant } from '../../packages/server/src/test-support/field-plant';
import {
  startOpcUaServer,
  type TestOpcUaServer,
} from '../../packages/server/src/test-support/peers/opcua-server';
import { openApiSession, type ApiSession } from './support/api-session';

describe('data source calls of the web client against the server', { timeout: 120_000 }, () => {
  let ua: TestOpcUaServer;
  let plant: ReturnType<typeof writeFieldPlant>;
  let api: ApiSession;

  beforeAll(async () => {
    ua = await startOpcUaServer({ variables: [{ id: 'Pegel', dataType: 'Double', value: 1.5 }] });
    plant = writeFieldPlant(
      [{ id: 'ua', kind: 'opcua', endpoint: ua.endpoint }],
      [
        { number: 1, pvs: [{ type: 'AnaIn', number: 1 }] },
        { number: 2, source: 'ua', pvs: [{ type: 'AnaIn', number: 1, address: { nodeId: 'ns=1;s=Pegel' } }] },
      ],
    );
    api = await openApiSession({ config: { plantPath: plant.file } });
  }, 180_000);
  afterAll(async () => {
    await api?.close();
    await ua?.dispose();
    plant?.remove();
  });

  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return { status: (error as ApiError).status, code: (error as ApiError).code };
  };

  it('lists the sources, browses the OPC UA one and reconnects it', async () => {
    await api.asAdmin();
    await expect
      .poll(async () => (await getSources()).sources.find((s) => s.id === 'ua')?.state, { timeout: 90_000 })
      .toBe('Connected');
    const { sources } = await getSources();
    expect(sources.map((s) => [s.id, s.kind, s.browsable])).toEqual([
      ['simulator', 'simulator', false],
      ['ua', 'opcua', true],
    ]);
    const top = await browseSource('ua', null);
    const folder = top.nodes.find((n) => n.browseName.endsWith('Pumpwerk'));
    expect(folder?.hasChildren).toBe(true);
    const inside = await browseSource('ua', folder!.nodeId);
    expect(inside.nodes.map((n) => [n.nodeId, n.dataType])).toEqual([['ns=1;s=Pegel', 'Double']]);
    expect((await restartSource('ua')).id).toBe('ua');
  });

  it('answers refusals with their codes and network failures as such', async () => {
    await api.asAdmin();
    expect(await refusal(restartSource('nope'))).toEqual({ status: 404, code: 'unknownSource' });
    expect(await refusal(browseSource('simulator', null))).toEqual({ status: 409, code: 'notBrowsable' });
    await api.as('ohne.recht', 'operator');
    expect(await refusal(getSources())).toEqual({ status: 403, code: 'forbidden' });
    api.offline();
    try {
      await expect(getSources()).rejects.toBeInstanceOf(NetworkError);
    } finally {
      api.online();
    }
  });
});
