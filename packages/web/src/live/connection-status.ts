import type { LiveChannel } from '@leitwarte/core';
import { useSyncExternalStore } from 'react';

/** Lifecycle of one live channel; `idle` means nobody leases it, so it is deliberately stopped. */
export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/** Catalogue keys of calls §8's live channel errors. */
export const LIVE_ERROR_KEYS = {
  disconnected: 'live.errors.disconnected',
  failedToConnect: 'live.errors.failedToConnect',
  failedToAcquire: 'live.errors.failedToAcquire',
} as const;
export type LiveError = keyof typeof LIVE_ERROR_KEYS;

export interface ChannelState {
  status: LiveStatus;
  error: LiveError | null;
}

/**
 * What the header shows for all channels together: `connecting` while channels set up their
 * first connection, `reconnecting` while one tries again after a failure.
 */
export type OverallStatus = 'idle' | 'connected' | 'connecting' | 'reconnecting' | 'disconnected';

const IDLE: ChannelState = { status: 'idle', error: null };

// Kept apart from the SignalR client so the shell can show the indicator without loading SignalR.
const states = new Map<LiveChannel, ChannelState>();
const retries = new Map<LiveChannel, number>();
const listeners = new Set<() => void>();

export function setChannelState(channel: LiveChannel, state: ChannelState): void {
  const current = states.get(channel) ?? IDLE;
  if (current.status === state.status && current.error === state.error) return;
  states.set(channel, state);
  for (const listener of [...listeners]) listener();
}

/** When the next automatic reconnect of a channel is due (null: none scheduled). */
export function setRetryAt(channel: LiveChannel, at: number | null): void {
  if ((retries.get(channel) ?? null) === at) return;
  if (at === null) retries.delete(channel);
  else retries.set(channel, at);
  for (const listener of [...listeners]) listener();
}

/** The earliest scheduled reconnect of any channel, for the countdown in the shell. */
export function getNextRetryAt(): number | null {
  let next: number | null = null;
  for (const [channel, at] of retries) {
    if (getChannelState(channel).status === 'idle') continue;
    if (next === null || at < next) next = at;
  }
  return next;
}

export function useNextRetryAt(): number | null {
  return useSyncExternalStore(subscribe, getNextRetryAt, getNextRetryAt);
}

export function getChannelState(channel: LiveChannel): ChannelState {
  return states.get(channel) ?? IDLE;
}

/**
 * The worst state among the data channels in use. The server-status channel is left out: the
 * shell shows its state on its own (WebServerDisconnected), next to this one.
 */
export function getOverallStatus(): OverallStatus {
  const active = [...states]
    .filter(([channel, state]) => channel !== 'server-status' && state.status !== 'idle')
    .map(([, state]) => state);
  if (active.length === 0) return 'idle';
  if (active.some((state) => state.status === 'disconnected')) return 'disconnected';
  if (active.some((state) => state.status === 'reconnecting')) return 'reconnecting';
  if (active.some((state) => state.status !== 'connected')) return 'connecting';
  return 'connected';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useChannelState(channel: LiveChannel): ChannelState {
  const read = () => getChannelState(channel);
  return useSyncExternalStore(subscribe, read, read);
}

export function useOverallLiveStatus(): OverallStatus {
  return useSyncExternalStore(subscribe, getOverallStatus, getOverallStatus);
}
