import { SUBSCRIBE_BATCH, type TextMessage } from '@leitwarte/core';
import { recordBatches } from './record-batches';
import type { ConnectionManager } from './connection-manager';
import { HubChannel, type HubConnectionLike } from './hub-channel';
import { createHubConnection } from './hub-connection';
import { KeyedLiveStore } from './keyed-live-store';

const isTextMessage = (v: unknown): v is TextMessage =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as TextMessage).id === 'number' &&
  typeof (v as TextMessage).message === 'string';

async function subscribe(connection: HubConnectionLike, ids: readonly number[]) {
  for (const batch of recordBatches(ids, SUBSCRIBE_BATCH)) {
    await connection.invoke('SubscribeToTextMessages', batch);
  }
}

/**
 * The visu-text-message channel (calls §7): screens watch the texts they show; the channel
 * subscribes them (again after every reconnect, which also brings the current texts) and keeps
 * the latest text per id outside React, applied once per frame.
 */
export class TextMessageHub {
  readonly messages = new KeyedLiveStore<TextMessage>((m) => String(m.id));
  private readonly watched = new Map<number, number>();
  private readonly channel: HubChannel;

  constructor(
    createConnection: () => HubConnectionLike = () => createHubConnection('visu-text-message'),
    manager?: ConnectionManager,
  ) {
    this.channel = new HubChannel({
      channel: 'visu-text-message',
      manager,
      createConnection: () => {
        const connection = createConnection();
        // newMessage carries one text; accept a list as well.
        connection.on('newMessage', (value: unknown) => {
          const list = Array.isArray(value) ? value : [value];
          this.messages.enqueue(list.filter(isTextMessage));
        });
        return connection;
      },
      onConnected: (connection) => subscribe(connection, [...this.watched.keys()]),
    });
  }

  /** Keeps these texts live while held; call the returned function when done. */
  watch(ids: readonly number[]): () => void {
    const fresh = ids.filter((id) => !this.watched.has(id));
    for (const id of ids) this.watched.set(id, (this.watched.get(id) ?? 0) + 1);
    const release = this.channel.acquire();
    const connection = this.channel.connected;
    if (connection && fresh.length > 0) void subscribe(connection, fresh).catch(() => {});
    return () => {
      const dropped: number[] = [];
      for (const id of ids) {
        const count = (this.watched.get(id) ?? 1) - 1;
        if (count > 0) this.watched.set(id, count);
        else {
          this.watched.delete(id);
          dropped.push(id);
        }
      }
      const current = this.channel.connected;
      if (current)
        for (const batch of recordBatches(dropped, SUBSCRIBE_BATCH))
          void current.invoke('UnsubscribeFromTextMessages', batch).catch(() => {});
      release();
    };
  }
}

/** The app's text-message channel; connects when a screen first watches a text. */
export const textMessageHub = new TextMessageHub();
