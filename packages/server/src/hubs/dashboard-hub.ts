import type { Dashboard } from '@leitwarte/core';
import type { NoteUpdate } from '../plant/dashboards/index.js';
import type { Backplane } from './backplane.js';
import type { HubDefinition } from './hub.js';
import { parseIds } from './id-arguments.js';
import type { TopicQueues } from './topic-fanout.js';
import { createTopicHub, type TopicClient } from './topic-hub.js';

export interface DashboardHubOptions {
  backplane: Backplane;
  /** A dashboard with its widgets, undefined when unknown (the dashboard service). */
  dashboard: (id: number) => Promise<Dashboard | undefined>;
  tickMs: number;
}

/** noteUpdate payload; the current state sent on subscribing has no updatedAt/updatedBy (null). */
export type NoteUpdatePayload = Omit<NoteUpdate, 'updatedAt' | 'updatedBy'> & {
  updatedAt: number | null;
  updatedBy: string | null;
};

/** Reply of SubscribeToNotes (dashboards are no PV: every signed-in user may read them). */
export interface NotesSubscribeReply {
  subscribed: number[];
  missingIds: number[];
}

const EVENT = 'noteUpdate';
/** A dashboard was made, saved or deleted: `{ id, version (null: deleted), by }`. */
const CHANGE = 'dashboardChange';
/** Every watcher of dashboard changes has this one subscription key: the list is one for all. */
const ALL = 'all';

/**
 * The `/hubs/dashboard` channel: SubscribeToNotes(dashboardIds) (≤ 1024) →
 * `{ subscribed, missingIds }`, then noteUpdate({ id, dashboardId, note, updatedAt, updatedBy })
 * once per note widget: the current notes of the dashboards at once, later every saved note
 * (the latest per note and tick). SubscribeToDashboards() → dashboardChange({ id, version, by })
 * whenever a dashboard is made, saved in the editor or deleted (version null), so every open list
 * and dashboard follows.
 */
export function createDashboardHub(options: DashboardHubOptions): HubDefinition<TopicQueues> {
  return createTopicHub({
    name: 'dashboard',
    event: EVENT,
    moreEvents: [CHANGE],
    single: true,
    tickMs: options.tickMs,
    methods: (fanout) => ({
      async SubscribeToNotes(client: TopicClient, args): Promise<NotesSubscribeReply> {
        const reply: NotesSubscribeReply = { subscribed: [], missingIds: [] };
        for (const id of parseIds(args, 'dashboard')) {
          const key = String(id);
          fanout.subscribe(client, EVENT, key);
          const dashboard = await options.dashboard(id);
          if (dashboard === undefined) {
            fanout.unsubscribe(client, EVENT, key);
            reply.missingIds.push(id);
            continue;
          }
          reply.subscribed.push(id);
          for (const widget of dashboard.widgets) {
            if (widget.kind !== 'Note' || client.state.hasPending(EVENT, String(widget.id))) continue;
            const current: NoteUpdatePayload = {
              id: widget.id,
              dashboardId: id,
              note: widget.note,
              updatedAt: null,
              updatedBy: null,
            };
            fanout.offer(client, EVENT, key, String(widget.id), current);
          }
        }
        return reply;
      },
      SubscribeToDashboards(client: TopicClient) {
        fanout.subscribe(client, CHANGE, ALL);
      },
      UnsubscribeFromNotes(client: TopicClient, args) {
        for (const id of parseIds(args, 'dashboard')) fanout.unsubscribe(client, EVENT, String(id));
      },
    }),
    listen: (fanout) => {
      const stops = [
        options.backplane.subscribe('dashboards.note', (update) => {
          fanout.publish(EVENT, String(update.dashboardId), String(update.id), update);
        }),
        options.backplane.subscribe('dashboards.change', (change) => {
          fanout.publish(CHANGE, ALL, String(change.id), change);
        }),
      ];
      return () => stops.forEach((stop) => stop());
    },
  });
}
