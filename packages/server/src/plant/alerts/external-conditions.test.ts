import type { AlarmLineInfo, PipeLeakageConfig } from '@leitwarte/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { openStore, type Store } from '../../store/index.js';
import type { ServiceMessage } from '../maintenance/index.js';
import { DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import { createAlertHarness, type AlertHarness } from './alert-harness.js';
import { connectExternalConditions } from './external-conditions.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);

/** A tiny event source as the remote-alarm, pipe-leakage and maintenance services offer. */
function feed<T>() {
  const listeners = new Set<(value: T) => void>();
  return {
    on: (listener: (value: T) => void) => (listeners.add(listener), () => listeners.delete(listener)),
    send: (value: T) => listeners.forEach((l) => l(value)),
  };
}

describe('conditions of the other plant areas in the alert engine', () => {
  let database: TestDatabase;
  let store: Store;
  let h: AlertHarness;
  let disconnect: () => void;
  const lines = feed<readonly AlarmLineInfo[]>();
  const leakage = feed<readonly PipeLeakageConfig[]>();
  const service = feed<ServiceMessage>();

  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
    store = await openStore(database);
    h = await createAlertHarness(store, definition);
    disconnect = connectExternalConditions(
      h.alerts,
      { onLineInfo: lines.on, onPipeLeakage: leakage.on, onServiceMessage: service.on },
      { priority: () => 4 },
    );
  });
  afterEach(async () => {
    disconnect();
    await h.stop();
    await store.close();
    await database.drop();
  });

  const line = (faulty: boolean): AlarmLineInfo => ({
    station: 8,
    lineNumber: 2,
    busy: false,
    faulty,
    connectionType: 'GSM',
  });

  it('a faulty alarm line raises one station-line alert that goes when the line recovers', async () => {
    lines.send([line(true)]);
    lines.send([line(true)]);
    await h.alerts.flush();
    const raised = h.seen.newAlert.filter((a) => a.bindingKind === 'stationLineConnection');
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ station: 8, priority: 4, state: 'coming' });
    expect(h.alerts.pendingStates('stationLineConnection')).toEqual([
      { kind: 'stationLineConnection', key: '8/2', ackState: 1 },
    ]);
    lines.send([line(false)]);
    await h.alerts.flush();
    expect(h.seen.alertState.some((a) => a.id === raised[0]!.id && !a.active)).toBe(true);
  });

  it('a pipe-leakage alarm raises a pipe-leakage alert; warnings do not', async () => {
    const zone = (measurementState: PipeLeakageConfig['measurementState']): PipeLeakageConfig => ({
      pipeLeakageId: 3,
      name: 'Zone Talheim',
      measurementChange: 30,
      measurementState,
      minMaxBegin: 0,
      minMaxEnd: 0,
      minMaxState: 'complete',
      minMaxValue: 13,
      referenceValue: 10,
      dimension: 'm³/h',
      station: 3,
      sdCardLifetime: null,
    });
    leakage.send([zone('warning')]);
    await h.alerts.flush();
    expect(h.seen.newAlert.filter((a) => a.bindingKind === 'pipeLeakage')).toHaveLength(0);
    leakage.send([zone('alarm')]);
    await h.alerts.flush();
    expect(h.seen.newAlert.filter((a) => a.bindingKind === 'pipeLeakage')).toMatchObject([
      { description: 'Zone Talheim', value: 13, limit: 10 },
    ]);
  });

  it('a service message comes and goes as a device alert of its runtime PV', async () => {
    const message = (state: 'coming' | 'going'): ServiceMessage => ({
      key: 'RechenWert-1020-owm',
      pvRef: { type: 'RechenWert', nr: 1020 },
      machinePv: null,
      stationNr: 1,
      serviceMessageType: 'Top',
      state,
      message: 'Wartung fällig',
      description: 'Brunnenpumpe 1 Betriebsstunden',
      priority: 6,
      limit: 8000,
      current: 8001,
      at: h.now(),
    });
    service.send(message('coming'));
    await h.alerts.flush();
    const alert = h.seen.newAlert.find((a) => a.message === 'Wartung fällig');
    expect(alert).toMatchObject({ bindingKind: 'device', priority: 6, station: 1 });
    service.send(message('going'));
    await h.alerts.flush();
    expect(h.seen.alertState.some((a) => a.id === alert!.id && !a.active)).toBe(true);
  });
});
