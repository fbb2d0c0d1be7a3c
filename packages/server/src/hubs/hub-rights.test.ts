// Never an event for what the user may not read: the alert hub and the plan topics with rights
// that hide one station, on the demo plant (not started: only its configuration is needed).
import type { Alert, AlarmPlanInfo, PendingAlertState, PvRef } from '@leitwarte/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { readOnlyRights } from '../test-support/read-rights.js';
import type { SessionPrincipal } from '../auth/session-gate.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../plant/index.js';
import { createSimulator } from '../sources/index.js';
import { createAlertHub, type AlertHubState } from './alert-hub.js';
import { createInProcessBackplane } from './backplane.js';
import type { HubClient } from './hub.js';
import { createStationAlarmTopics } from './station-alarm-topics.js';
import type { TopicQueues } from './topic-fanout.js';
import { createVisibility } from '../auth/visibility.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const plant = createPlant({ definition, source: createSimulator(definition) });
const [hidden, shown] = plant.stations().map((s) => s.stationNumber) as [number, number];
const pvOf = (station: number): PvRef =>
  plant.pvConfigs().find((c) => plant.stationOf(c.pvRef) === station)!.pvRef;
// The restricted user may read no PV of the hidden station.
const rights = readOnlyRights((p, ref: PvRef) => p.username !== 'gast' || plant.stationOf(ref) !== hidden);
const visibility = createVisibility(plant, rights);
const principal = (username: string): SessionPrincipal => ({
  sessionId: username,
  userId: 2,
  username,
  role: 'viewer',
});

function fakeClient<S>(state: S, username: string) {
  const sent: [string, unknown][] = [];
  const client: HubClient<S> = {
    connectionId: username,
    principal: principal(username),
    state,
    bufferedAmount: 0,
    send: (target, args) => sent.push([target, args[0]]) > 0,
    sendSerialized: () => true,
    sendRecord: () => true,
  };
  return { client, sent };
}

const alertOf = (id: number, station: number, pv: PvRef | null): Alert =>
  ({ id, pv, station, source: `s/${id}`, active: true }) as Alert;
const tick = () => new Promise((r) => setTimeout(r, 30));

describe('rights on the live channels', () => {
  const backplane = createInProcessBackplane();
  let guest: ReturnType<typeof fakeClient<AlertHubState>>;
  let stop: () => void;
  beforeEach(() => {
    const hub = createAlertHub({
      backplane,
      visibility,
      openAlerts: () => [],
      pendingStates: () => [],
      tickMs: 10,
    });
    guest = fakeClient(hub.createState({ connectionId: 'g', principal: principal('gast') }), 'gast');
    stop = hub.start!({ connections: () => [guest.client] });
    hub.methods.SubscribeToAllAlerts!(guest.client, []);
    hub.methods.SubscribeToPendingAlerts!(guest.client, []);
    return () => stop();
  });

  it('sends alerts, acks and pending states only of PVs and stations the user may read', async () => {
    backplane.publish('alerts.new', alertOf(1, hidden, pvOf(hidden)));
    backplane.publish('alerts.new', alertOf(2, hidden, null));
    backplane.publish('alerts.new', alertOf(3, shown, pvOf(shown)));
    backplane.publish('alerts.acks', [alertOf(1, hidden, pvOf(hidden)), alertOf(3, shown, pvOf(shown))]);
    backplane.publish('alerts.deleted', [1, 3, 99]);
    const states: PendingAlertState[] = [
      { kind: 'device', key: `${pvOf(hidden).type}-${pvOf(hidden).nr}`, ackState: 1 },
      { kind: 'stationConnection', key: String(hidden), ackState: 1 },
      { kind: 'stationConnection', key: String(shown), ackState: 2 },
    ];
    backplane.publish('alerts.pending', states);
    await tick();
    expect(guest.sent.filter(([e]) => e === 'newAlert').map(([, a]) => (a as Alert).id)).toEqual([3]);
    expect(guest.sent.find(([e]) => e === 'ackAlerts')?.[1]).toEqual([alertOf(3, shown, pvOf(shown))]);
    expect(guest.sent.find(([e]) => e === 'deletedAlerts')?.[1]).toEqual([3, 99]);
    expect(guest.sent.find(([e]) => e === 'newPendingAlerts')?.[1]).toEqual([states[2]]);
  });

  it('refuses plans of a hidden station and sends nothing about them', async () => {
    const plans = [hidden, shown].map(
      (station) => ({ station, planNumber: 1, active: false }) as AlarmPlanInfo,
    );
    const topics = createStationAlarmTopics({
      backplane,
      visibility,
      planInfos: () => plans,
      lineInfos: () => [],
      tickMs: 10,
    });
    const user = fakeClient<TopicQueues>(
      topics.createState({ connectionId: 'g', principal: principal('gast') }),
      'gast',
    );
    const stopTopics = topics.start!({ connections: () => [user.client] });
    const reply = topics.methods.SubscribeToPlans!(user.client, [
      plans.map(({ station, planNumber }) => ({ station, planNumber })),
    ]);
    expect(reply).toMatchObject({ unauthorizedPlans: [{ station: hidden, planNumber: 1 }] });
    backplane.publish(
      'remoteAlarm.plans',
      plans.map((p) => ({ ...p, active: true })),
    );
    await tick();
    stopTopics();
    const sent = user.sent.flatMap(([, list]) => list as AlarmPlanInfo[]);
    expect(new Set(sent.map((p) => p.station))).toEqual(new Set([shown]));
  });
});
