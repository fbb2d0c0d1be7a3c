import type { LimitConfig, PvRef } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acknowledgeDigitalInputs,
  acknowledgePriorityOutputs,
  getAllPvNodes,
  getAllPvs,
  getPvConfigs,
  getRuntimes,
  requestPvConfig,
  resetCounters,
  setDigitalPriorities,
  setLimits,
  setPvValues,
  setRuntimes,
} from '../../packages/web/src/api/pv';
import { openApiSession, type ApiSession } from './support/api-session';
import { plantWithPendingFailure } from '../../packages/server/src/test-support/test-plant';

const SETPOINT: PvRef = { type: 'AnaOut', nr: 100010 };
const COUNTER: PvRef = { type: 'ZaehlWert', nr: 1020 };
const FAILURE: PvRef = { type: 'DigiIn', nr: 100901 };
const PUMP: PvRef = { type: 'DigiIn', nr: 100020 };
const HOURS: PvRef = { type: 'RechenWert', nr: 1020 };
const TEMPERATURE: PvRef = { type: 'AnaIn', nr: 100001 };
const PUMP_FAILURE: PvRef = { type: 'DigiIn', nr: 100021 };
const NETWORK_FAILED = { status: 'Failed', errorMessage: 'Netzwerkfehler' };

describe('PV calls of the web client', () => {
  let session: ApiSession;
  let plant: { file: string; remove: () => void };
  const value = (ref: PvRef) => session.server.services.plant.values.get(`${ref.type}-${ref.nr}`);
  const topLimit = (limit: number): LimitConfig => ({
    ...(session.server.services.domain.limits.limitsOf([TEMPERATURE])[3] as LimitConfig),
    limit,
  });

  beforeAll(async () => {
    plant = plantWithPendingFailure();
    session = await openApiSession({ config: { plantPath: plant.file } });
  });
  afterAll(async () => {
    await session.close();
    plant.remove();
  });

  it('reads PVs, the PV tree, configs and a batched config', async () => {
    await session.asAdmin();
    expect((await getAllPvs()).length).toBe(session.server.services.plant.pvConfigs().length);
    expect((await getAllPvNodes()).length).toBeGreaterThanOrEqual(10);
    expect((await getPvConfigs([SETPOINT])).configs[0]?.pvRef).toEqual(SETPOINT);
    const [found, missing] = await Promise.allSettled([
      requestPvConfig(SETPOINT),
      requestPvConfig({ type: 'AnaOut', nr: 199_999 }),
    ]);
    expect(found).toMatchObject({ status: 'fulfilled', value: { pvRef: SETPOINT } });
    expect(missing).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringContaining('AnaOut-199999') },
    });
  });

  it('sets values, resets counters and acknowledges failure inputs', async () => {
    await session.as('pv-operator', 'operator');
    const ok = { status: 'Success', errorMessage: null, unauthorizedPvs: [], missingPvs: [] };
    expect(await setPvValues([{ pvRef: SETPOINT, type: 'DoubleValue', doubleValue: 2.75 }])).toEqual(ok);
    expect(value(SETPOINT)).toMatchObject({ doubleValue: 2.75 });
    expect(await resetCounters([COUNTER])).toEqual(ok);
    expect(await acknowledgeDigitalInputs([FAILURE])).toEqual(ok);
    expect(value(FAILURE)).toMatchObject({ failureStateValue: 2 });
  });

  it('passes refusals on and turns other failures into Failed with the error text', async () => {
    await session.as('pv-viewer', 'viewer');
    const refused = await setPvValues([{ pvRef: SETPOINT, type: 'DoubleValue', doubleValue: 1 }]);
    expect(refused).toEqual({
      status: 'Failed',
      errorMessage: 'Unzureichende Rechte für diese Operation.',
      unauthorizedPvs: [],
      missingPvs: [],
    });
    await session.as('pv-operator-2', 'operator');
    const outside = await setPvValues([{ pvRef: SETPOINT, type: 'DoubleValue', doubleValue: 9 }]);
    expect(outside).toMatchObject({ status: 'Failed', errorMessage: expect.stringMatching(/0 bis 4/) });
    expect(await resetCounters([SETPOINT])).toMatchObject({ status: 'Failed' });
    expect(await acknowledgeDigitalInputs([FAILURE])).toMatchObject({ status: 'Failed' });
    expect(value(SETPOINT)).toMatchObject({ doubleValue: 2.75 });
  });

  it('reads and sets runtimes', async () => {
    await session.as('pv-maintenance', 'maintenance');
    const runtimes = await getRuntimes([PUMP, TEMPERATURE]);
    expect(runtimes.runtimeValues[0]?.runtimePv).toEqual(HOURS);
    expect(runtimes.missingPvs).toEqual([TEMPERATURE]);
    expect(await setRuntimes([{ pvRef: HOURS, value: 12 }])).toMatchObject({ status: 'Success' });
    expect(await setRuntimes([{ pvRef: HOURS, value: -1 }])).toMatchObject({
      status: 'Failed',
      errorMessage: expect.stringContaining('Wert darf nicht negativ sein.'),
    });
    await session.as('pv-operator-3', 'operator');
    expect(await setRuntimes([{ pvRef: HOURS, value: 1 }])).toMatchObject({
      status: 'Failed',
      errorMessage: 'Unzureichende Rechte für diese Operation.',
    });
  });

  it('sets limits and digital priorities, and acknowledges priority outputs', async () => {
    await session.as('pv-operator-4', 'operator');
    expect(await setLimits([topLimit(42)])).toMatchObject({ status: 'Success' });
    expect(await setLimits([{ ...topLimit(42), priority: 12 }])).toMatchObject({
      status: 'Failed',
      errorMessage: 'Prioritäten müssen zwischen 0 und 9 liegen.',
    });
    expect(await setDigitalPriorities([{ pv: PUMP_FAILURE, priority: 4 }])).toMatchObject({
      status: 'Success',
    });
    expect(await acknowledgePriorityOutputs(1, 13)).toMatchObject({ status: 'Success', errorMessage: null });
    expect(await acknowledgePriorityOutputs(1, 99)).toMatchObject({ status: 'Failed' });
    await session.as('pv-viewer-2', 'viewer');
    expect(await setLimits([topLimit(43)])).toMatchObject({ status: 'Failed', issues: [] });
    expect(await acknowledgePriorityOutputs(1, 13)).toMatchObject({
      status: 'Failed',
      message: 'Server-/Netzwerkfehler',
    });
  });

  it('answers the catalogue texts when the server cannot be reached', async () => {
    session.offline();
    try {
      expect(await setPvValues([{ pvRef: SETPOINT, type: 'DoubleValue', doubleValue: 1 }])).toEqual({
        ...NETWORK_FAILED,
        unauthorizedPvs: [],
        missingPvs: [],
      });
      expect(await resetCounters([COUNTER])).toMatchObject(NETWORK_FAILED);
      expect(await acknowledgeDigitalInputs([FAILURE])).toMatchObject(NETWORK_FAILED);
      expect(await setRuntimes([{ pvRef: HOURS, value: 1 }])).toMatchObject(NETWORK_FAILED);
      expect(await setLimits([topLimit(44)])).toMatchObject(NETWORK_FAILED);
      expect(await setDigitalPriorities([{ pv: PUMP_FAILURE, priority: 1 }])).toMatchObject(NETWORK_FAILED);
      expect(await acknowledgePriorityOutputs(1, 13)).toEqual({
        status: 'Failed',
        errorMessage: null,
        messageKey: null,
        message: 'Server-/Netzwerkfehler',
        acknowledgedAlerts: 0,
        acknowledgedInputs: 0,
      });
      await expect(getRuntimes([PUMP])).rejects.toMatchObject({ name: 'NetworkError' });
      await expect(getAllPvs()).rejects.toMatchObject({ name: 'NetworkError' });
      await expect(requestPvConfig(SETPOINT)).rejects.toMatchObject({ name: 'NetworkError' });
    } finally {
      session.online();
    }
    expect(value(SETPOINT)).toMatchObject({ doubleValue: 2.75 });
  });
});
