import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldPlant } from '../../test-support/field-plant.js';
import { waitFor } from '../../test-support/peers/free-port.js';
import { requireSharedBroker, SHARED_BROKER, topicPrefix } from '../../test-support/peers/mosquitto.js';
import { startEdgeNode } from '../../test-support/peers/sparkplug-edge.js';
import { numberOf, startSources, type SourceHarness } from '../../test-support/source-harness.js';

describe('Sparkplug B host against an edge node on Mosquitto', { timeout: 120_000 }, () => {
  const group = topicPrefix('sp').replace(/\//g, '-');
  let edge: Awaited<ReturnType<typeof startEdgeNode>>;
  let sources: SourceHarness;

  beforeAll(async () => {
    await requireSharedBroker();
    edge = await startEdgeNode({
      url: SHARED_BROKER,
      group,
      node: 'PW1',
      applyCommands: true,
      metrics: [
        { name: 'Level', type: 'Float', value: 2.5 },
        { name: 'Pump/Running', type: 'Boolean', value: false, device: 'PLC' },
        { name: 'Pump/Delta', type: 'Int16', value: -12, device: 'PLC' },
        { name: 'Flow/Total', type: 'UInt32', value: 1000, device: 'PLC' },
        { name: 'Setpoint', type: 'Double', value: 1.5, device: 'PLC' },
        { name: 'Release', type: 'Boolean', value: false, device: 'PLC' },
      ],
    });
    const plant = fieldPlant(
      [
        {
          id: 'sp',
          kind: 'sparkplug',
          url: SHARED_BROKER,
          group,
          hostId: `${group}-host`,
          writeTimeoutMs: 3000,
          rebirthIntervalMs: 200,
          reconnect: { initialMs: 200, maxMs: 500 },
        },
      ],
      [
        {
          number: 1,
          source: 'sp',
          address: { node: 'PW1' },
          pvs: [
            { type: 'AnaIn', number: 1, address: { metric: 'Level' } },
            { type: 'DigiIn', number: 1, address: { device: 'PLC', metric: 'Pump/Running' } },
            { type: 'AnaIn', number: 2, address: { device: 'PLC', metric: 'Pump/Delta' } },
            { type: 'ZaehlWert', nr: 1001, address: { device: 'PLC', metric: 'Flow/Total' } },
            { type: 'AnaOut', number: 1, address: { device: 'PLC', metric: 'Setpoint' } },
            { type: 'DigiOut', number: 1, address: { device: 'PLC', metric: 'Release' } },
          ],
        },
      ],
    );
    sources = await startSources(plant);
  });
  afterAll(async () => {
    await sources?.close();
    await edge?.stop();
  });

  it('asks the edge node to be born again when it joins, and reads the births', async () => {
    await waitFor('a rebirth request', () => edge.rebirthRequests() >= 1);
    const level = await sources.waitValue('AnaIn-100001', (v) => v.quality === 'Good');
    expect(numberOf(level)).toBe(2.5);
    expect(numberOf(await sources.waitValue('AnaIn-100002', () => true))).toBe(-12);
    expect(numberOf(await sources.waitValue('ZaehlWert-1001', () => true))).toBe(1000);
    await sources.waitStation(1, 'Connected');
  });

  it('reads data by alias with the device time and quality', async () => {
    const at = Date.now() - 5000;
    await edge.set([{ name: 'Pump/Running', device: 'PLC', value: true, timestamp: at }]);
    const running = await sources.waitValue('DigiIn-100001', (v) => numberOf(v) === true);
    expect(running.timestamp).toBe(at);
    await edge.set([{ name: 'Level', value: 3.75, quality: 500 }]);
    const stale = await sources.waitValue('AnaIn-100001', (v) => numberOf(v) === 3.75);
    expect(stale.quality).toBe('Bad');
  });

  it('takes the time of a metric without one from its payload, never 1970', async () => {
    const before = Date.now();
    await edge.set([{ name: 'Pump/Delta', device: 'PLC', value: 7 }]);
    const delta = await sources.waitValue('AnaIn-100002', (v) => numberOf(v) === 7);
    expect(delta.timestamp).toBeGreaterThanOrEqual(before - 1000);
  });

  it('sends historical metrics to the archive only', async () => {
    const at = Date.now() - 3_600_000;
    await edge.set([{ name: 'Level', value: 1.25, timestamp: at, historical: true }]);
    await waitFor('the archived value', () => sources.archived.find((v) => v.timestamp === at));
    expect(numberOf(sources.latest('AnaIn-100001'))).toBe(3.75);
  });

  it('writes with a device command and waits for the data that confirms it', async () => {
    const ref = { type: 'AnaOut' as const, nr: 100001 };
    await sources.source.write([
      {
        ref,
        value: { pvRef: ref, quality: 'Good', timestamp: Date.now(), type: 'DoubleValue', doubleValue: 4.25 },
      },
    ]);
    expect(edge.commands.at(-1)).toMatchObject({ device: 'PLC', name: 'Setpoint', value: 4.25 });
    expect(numberOf(sources.latest('AnaOut-100001'))).toBe(4.25);
  });

  it('requests a rebirth after a gap in the sequence', async () => {
    const before = edge.rebirthRequests();
    edge.skipSequence();
    await edge.set([{ name: 'Level', value: 2 }]);
    await waitFor('the rebirth after the gap', () => edge.rebirthRequests() > before);
    await sources.waitValue('AnaIn-100001', (v) => numberOf(v) === 2 && v.quality === 'Good');
  });

  it('turns the PVs of a dead device Bad, and those of a dead node too (NDEATH), and recovers with the births', async () => {
    await edge.deviceDeath('PLC');
    await sources.waitValue('DigiIn-100001', (v) => v.quality === 'Bad');
    await sources.waitStation(1, 'ConnectionError');
    expect(sources.latest('AnaIn-100001')?.quality).toBe('Good');
    await edge.birth();
    await sources.waitStation(1, 'Connected');
    await sources.waitValue('DigiIn-100001', (v) => v.quality === 'Good');

    await edge.kill();
    await sources.waitValue('AnaIn-100001', (v) => v.quality === 'Bad');
    await sources.waitStation(1, 'ConnectionError');
    await edge.revive();
    await sources.waitValue('AnaIn-100001', (v) => v.quality === 'Good');
    await sources.waitStation(1, 'Connected');
  });
});
