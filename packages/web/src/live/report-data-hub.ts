import { SUBSCRIBE_BATCH_REPORT_DATA, pvKey, type DataBinding } from '@leitwarte/core';
import { recordBatches } from './record-batches';
import type { ConnectionManager } from './connection-manager';
import { HubChannel, type HubConnectionLike } from './hub-channel';
import { createHubConnection } from './hub-connection';
import { KeyedLiveStore } from './keyed-live-store';

/** One newReportData item: today's value so far of a binding (hubs README). */
export interface ReportDataUpdate {
  dataBinding: DataBinding;
  value: number | null;
}

/** The name of the report-data channel's connection in the connection manager. */
export const REPORT_DATA_CHANNEL = 'reportdata' as const;

/** The key of a binding: PV, value type and offset, as the server tells them apart. */
export const bindingKey = (b: DataBinding) =>
  `${pvKey(b.pvRef)}/${b.reportValueType}/${b.offset}/${b.offsetUnit}`;

const isUpdate = (v: unknown): v is ReportDataUpdate =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ReportDataUpdate).dataBinding === 'object' &&
  (typeof (v as ReportDataUpdate).value === 'number' || (v as ReportDataUpdate).value === null);

/** Invokes a subscription in batches of at most 400 bindings (calls §9) under the message limit. */
export async function subscribeReportData(
  connection: HubConnectionLike,
  method: 'SubscribeToReportData' | 'UnsubscribeFromReportData',
  bindings: readonly DataBinding[],
): Promise<void> {
  for (const batch of recordBatches(bindings, SUBSCRIBE_BATCH_REPORT_DATA)) {
    await connection.invoke(method, batch);
  }
}

/**
 * The report-data channel: screens watch the bindings of today's rows; the hub subscribes them
 * (again after every reconnect) and keeps today's value per binding in a store outside React,
 * applied once per frame, so a burst of updates costs one commit.
 */
export class ReportDataHub {
  readonly values = new KeyedLiveStore<ReportDataUpdate>((u) => bindingKey(u.dataBinding));
  private readonly watched = new Map<string, { binding: DataBinding; count: number }>();
  private readonly channel: HubChannel;

  constructor(
    createConnection: () => HubConnectionLike = () => createHubConnection(REPORT_DATA_CHANNEL),
    manager?: ConnectionManager,
  ) {
    this.channel = new HubChannel({
      channel: REPORT_DATA_CHANNEL,
      manager,
      createConnection: () => {
        const connection = createConnection();
        connection.on('newReportData', (value: unknown) =>
          this.values.enqueue(Array.isArray(value) ? value.filter(isUpdate) : []),
        );
        return connection;
      },
      onConnected: (connection) =>
        subscribeReportData(
          connection,
          'SubscribeToReportData',
          [...this.watched.values()].map((w) => w.binding),
        ),
    });
  }

  /** Keeps these bindings live while held; call the returned function when done. */
  watch(bindings: readonly DataBinding[]): () => void {
    const added: DataBinding[] = [];
    for (const binding of bindings) {
      const entry = this.watched.get(bindingKey(binding));
      if (entry) entry.count += 1;
      else {
        this.watched.set(bindingKey(binding), { binding, count: 1 });
        added.push(binding);
      }
    }
    const release = this.channel.acquire();
    const connection = this.channel.connected;
    // Already connected: subscribe what is new now (a later reconnect subscribes everything).
    if (connection) void subscribeReportData(connection, 'SubscribeToReportData', added).catch(() => {});
    return () => {
      const dropped: DataBinding[] = [];
      for (const binding of bindings) {
        const entry = this.watched.get(bindingKey(binding));
        if (entry && --entry.count === 0) {
          this.watched.delete(bindingKey(binding));
          dropped.push(binding);
        }
      }
      const open = this.channel.connected;
      if (open && dropped.length > 0)
        void subscribeReportData(open, 'UnsubscribeFromReportData', dropped).catch(() => {});
      release();
    };
  }
}

/** The app's report-data channel; created when a report screen is first opened. */
export const reportDataHub = new ReportDataHub();
