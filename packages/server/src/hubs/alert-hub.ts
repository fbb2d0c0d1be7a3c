import type { Alert, PendingAlertState } from '@leitwarte/core';
import type { SessionPrincipal } from '../auth/session-gate.js';
import type { Backplane } from './backplane.js';
import { expectArgumentCount, type HubClient, type HubDefinition } from './hub.js';
import { TopicQueues, createTopicFanout } from './topic-fanout.js';
import type { Visibility } from '../auth/visibility.js';

export interface AlertHubOptions {
  backplane: Backplane;
  visibility: Visibility;
  /** Alerts still followed (active or not acknowledged): the reply of SubscribeToAllAlerts. */
  openAlerts: () => readonly Alert[];
  /** Acknowledgement state per binding with open alerts: sent right after SubscribeToPendingAlerts. */
  pendingStates: () => readonly PendingAlertState[];
  /** newPendingAlerts is conflated per binding and tick. */
  tickMs: number;
}

/** Per connection: which topics it follows, and its unsent pending-alert states. */
export interface AlertHubState {
  all: boolean;
  acks: boolean;
  queues: TopicQueues;
}

/** Reply of SubscribeToAllAlerts: the open alerts the user may read (the state to start from). */
export interface AllAlertsReply {
  openAlerts: Alert[];
}

const PENDING = 'newPendingAlerts';
const ALL = 'all';
// Ids of alerts seen, for deciding who may learn of their deletion; the oldest are forgotten.
const KNOWN_ALERTS_MAX = 50_000;

type AlertClient = HubClient<AlertHubState>;

/**
 * The `/hubs/alert` channel (calls §7): newAlert(alert), newAlertState(alert) when it goes,
 * ackAlert(alert), ackAlerts(alerts), deletedAlerts(ids) to SubscribeToAllAlerts; the two ack
 * events also to SubscribeToAcks; newPendingAlerts(states) to SubscribeToPendingAlerts. Each
 * user gets only alerts whose PV (else station) he may read. Alert events go out as they come
 * (every one counts); pending states are conflated per binding and tick.
 */
export function createAlertHub(options: AlertHubOptions): HubDefinition<AlertHubState> {
  const { backplane, visibility } = options;
  const fanout = createTopicFanout<AlertHubState>({
    queues: (state) => state.queues,
    events: [PENDING],
    tickMs: options.tickMs,
  });
  const known = new Map<number, Alert>();
  let clients: () => Iterable<AlertClient> = () => [];

  const remember = (alert: Alert) => {
    known.delete(alert.id);
    known.set(alert.id, alert);
    if (known.size > KNOWN_ALERTS_MAX) known.delete(known.keys().next().value as number);
  };
  const may = (principal: SessionPrincipal, alert: Alert) => visibility.alert(principal, alert);

  function sendOne(event: string, alert: Alert, toAcks: boolean): void {
    remember(alert);
    for (const client of clients()) {
      const wants = client.state.all || (toAcks && client.state.acks);
      if (wants && may(client.principal, alert)) client.send(event, [alert]);
    }
  }

  function onAcks(list: readonly Alert[]): void {
    list.forEach(remember);
    for (const client of clients()) {
      if (!client.state.all && !client.state.acks) continue;
      const mine = list.filter((alert) => may(client.principal, alert));
      if (mine.length > 0) client.send('ackAlerts', [mine]);
    }
  }

  function onDeleted(ids: readonly number[]): void {
    for (const client of clients()) {
      if (!client.state.all) continue;
      // An id alone tells nothing; ids of alerts known to be hidden from the user are left out.
      const mine = ids.filter((id) => {
        const alert = known.get(id);
        return alert === undefined || may(client.principal, alert);
      });
      if (mine.length > 0) client.send('deletedAlerts', [mine]);
    }
    for (const id of ids) known.delete(id);
  }

  function onPending(states: readonly PendingAlertState[]): void {
    for (const state of states) {
      fanout.publish(PENDING, ALL, `${state.kind}/${state.key}`, state, (client) =>
        visibility.binding(client.principal, state),
      );
    }
  }

  const flag = (name: 'all' | 'acks', on: boolean) => (client: AlertClient, args: readonly unknown[]) => {
    expectArgumentCount(args, 0);
    client.state[name] = on;
    return name === 'acks' && on ? { subscribed: true } : undefined;
  };

  return {
    name: 'alert',
    methods: {
      SubscribeToAllAlerts(client, args): AllAlertsReply {
        flag('all', true)(client, args);
        const openAlerts = options.openAlerts().filter((alert) => may(client.principal, alert));
        openAlerts.forEach(remember);
        return { openAlerts };
      },
      UnsubscribeFromAllAlerts: flag('all', false),
      SubscribeToAcks: flag('acks', true),
      UnsubscribeFromAcks: flag('acks', false),
      SubscribeToPendingAlerts(client, args) {
        expectArgumentCount(args, 0);
        fanout.subscribe(client, PENDING, ALL);
        for (const state of options.pendingStates()) {
          if (visibility.binding(client.principal, state)) {
            fanout.offer(client, PENDING, ALL, `${state.kind}/${state.key}`, state);
          }
        }
        return { subscribed: true };
      },
      UnsubscribeFromPendingAlerts(client, args) {
        expectArgumentCount(args, 0);
        fanout.unsubscribe(client, PENDING, ALL);
      },
    },
    createState: () => ({ all: false, acks: false, queues: new TopicQueues() }),
    onDisconnected: (client) => fanout.disconnected(client),
    inspect: (state) => ({
      all: state.all ? 1 : 0,
      acks: state.acks ? 1 : 0,
      pending: state.queues.pendingCount,
    }),
    start(host) {
      clients = () => host.connections();
      const stops = [
        fanout.start(host),
        backplane.subscribe('alerts.new', (alert) => sendOne('newAlert', alert, false)),
        backplane.subscribe('alerts.state', (alert) => sendOne('newAlertState', alert, false)),
        backplane.subscribe('alerts.ack', (alert) => sendOne('ackAlert', alert, true)),
        backplane.subscribe('alerts.acks', onAcks),
        backplane.subscribe('alerts.deleted', onDeleted),
        backplane.subscribe('alerts.pending', onPending),
      ];
      return () => {
        stops.forEach((stop) => stop());
        clients = () => [];
      };
    },
  };
}
