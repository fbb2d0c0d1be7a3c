import {
  pvKey,
  SUBSCRIBE_BATCH,
  type DigitalPriorityEntry,
  type LimitConfig,
  type PriorityOutputAckReply,
  type PvAllItem,
  type PvConfig,
  type PvConfigsReply,
  type PvNode,
  type PvRef,
  type PvValueWrite,
  type PvWriteReply,
  type RuntimesReply,
  type SetConfigReply,
  type SetRuntimeEntry,
  type SetRuntimesReply,
} from '@leitwarte/core';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, NETWORK_ERROR, orOnNetworkFailure } from './http';

/** GET /api/Pv/all: every PV the user may read, with its config and current value. */
export function getAllPvs(signal?: AbortSignal): Promise<PvAllItem[]> {
  return apiRequest<PvAllItem[]>('/api/Pv/all', { signal });
}

/** GET /api/Pv/getallpvnodes: the PV tree, stations with their PVs by subtype. */
export function getAllPvNodes(signal?: AbortSignal): Promise<PvNode[]> {
  return apiRequest<PvNode[]>('/api/Pv/getallpvnodes', { signal });
}

/** GET /api/Pv/getallpvnodes?stationNr=: one station's node of the tree (none when unknown or unreadable). */
export async function getStationPvNode(stationNr: number, signal?: AbortSignal): Promise<PvNode | null> {
  const nodes = await apiRequest<PvNode[]>(`/api/Pv/getallpvnodes?stationNr=${stationNr}`, { signal });
  return nodes[0] ?? null;
}

/** The PV tree for the session: names and EKS numbers change only with the plant definition. */
export const pvNodesQuery = queryOptions({
  queryKey: ['pv', 'nodes'] as const,
  queryFn: ({ signal }) => getAllPvNodes(signal),
  staleTime: 5 * 60_000,
});

/** One station's PVs by subtype; a station page of a large plant loads this, not the whole tree. */
export const stationPvNodeQuery = (stationNr: number) =>
  queryOptions({
    queryKey: ['pv', 'nodes', stationNr] as const,
    queryFn: ({ signal }) => getStationPvNode(stationNr, signal),
    staleTime: 5 * 60_000,
  });

/** POST /api/Pv/configs: configs of up to 1024 PVs, with the missing and unreadable ones. */
export function getPvConfigs(refs: readonly PvRef[], signal?: AbortSignal): Promise<PvConfigsReply> {
  return apiRequest<PvConfigsReply>('/api/Pv/configs', { method: 'POST', body: refs, signal });
}

/** A failed write reply: the network error text, or the server's error text (calls §8). */
function failedWrite(error: unknown): PvWriteReply {
  if (!(error instanceof ApiError)) throw error;
  return { status: 'Failed', errorMessage: error.message, unauthorizedPvs: [], missingPvs: [] };
}

async function pvWrite(path: string, body: unknown): Promise<PvWriteReply> {
  try {
    return await orOnNetworkFailure(apiRequest<PvWriteReply>(path, { method: 'POST', body }), () => ({
      status: 'Failed',
      errorMessage: NETWORK_ERROR,
      unauthorizedPvs: [],
      missingPvs: [],
    }));
  } catch (error) {
    return failedWrite(error);
  }
}

/** POST /api/Pv: sets AnaOut/DigiOut values, all or none. */
export function setPvValues(values: readonly PvValueWrite[]): Promise<PvWriteReply> {
  return pvWrite('/api/Pv', values);
}

/** POST /api/Pv/counters/reset: resets counters to 0, all or none. */
export function resetCounters(counters: readonly PvRef[]): Promise<PvWriteReply> {
  return pvWrite('/api/Pv/counters/reset', counters);
}

/** POST /api/Pv/DigiIn/ack: acknowledges failure inputs, all or none. */
export function acknowledgeDigitalInputs(inputs: readonly PvRef[]): Promise<PvWriteReply> {
  return pvWrite('/api/Pv/DigiIn/ack', inputs);
}

/** POST /api/Pv/runtimes: runtimes of DigiIn/AnaIn machines (runtimeValues), and the PVs without any. */
export function getRuntimes(machines: readonly PvRef[], signal?: AbortSignal): Promise<RuntimesReply> {
  return apiRequest<RuntimesReply>('/api/Pv/runtimes', { method: 'POST', body: machines, signal });
}

/** A config write's reply with status Failed and the given text. */
async function configWrite<T>(path: string, body: unknown, failed: (errorMessage: string) => T): Promise<T> {
  try {
    return await orOnNetworkFailure(apiRequest<T>(path, { method: 'POST', body }), () =>
      failed(NETWORK_ERROR),
    );
  } catch (error) {
    if (error instanceof ApiError) return failed(error.message);
    throw error;
  }
}

/** POST /api/Pv/set-runtimes: sets runtime values and limits, all or none. */
export function setRuntimes(entries: readonly SetRuntimeEntry[]): Promise<SetRuntimesReply> {
  return configWrite('/api/Pv/set-runtimes', entries, (errorMessage) => ({
    status: 'Failed',
    errorMessage,
    missingPvs: [],
    unauthorizedPvs: [],
  }));
}

const failedConfig = (errorMessage: string): SetConfigReply => ({
  status: 'Failed',
  errorMessage,
  issues: [],
  missingPvs: [],
  unauthorizedPvs: [],
});

/** POST /api/Pv/AnaIn/set-limits: sets analog limits; apply them locally only on Success. */
export function setLimits(limits: readonly LimitConfig[]): Promise<SetConfigReply> {
  return configWrite('/api/Pv/AnaIn/set-limits', limits, failedConfig);
}

/** POST /api/Pv/DigiIn/set-priorities: sets priorities (0–9) of digital inputs. */
export function setDigitalPriorities(entries: readonly DigitalPriorityEntry[]): Promise<SetConfigReply> {
  return configWrite('/api/Pv/DigiIn/set-priorities', entries, failedConfig);
}

/** The priority-output acknowledge's reply on any failure (calls §8): message, not errorMessage. */
export const PRIORITY_OUTPUT_FAILURE = 'Server-/Netzwerkfehler';

/** POST /api/pv/PriorityOutputs/Ack?station=&pvGroup= (no body): read as status and errorMessage. */
export async function acknowledgePriorityOutputs(
  station: number,
  pvGroup: number,
): Promise<PriorityOutputAckReply> {
  const query = new URLSearchParams({ station: String(station), pvGroup: String(pvGroup) });
  try {
    return await apiRequest<PriorityOutputAckReply>(`/api/pv/PriorityOutputs/Ack?${query}`, {
      method: 'POST',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return {
      status: 'Failed',
      errorMessage: null,
      messageKey: null,
      message: PRIORITY_OUTPUT_FAILURE,
      acknowledgedAlerts: 0,
      acknowledgedInputs: 0,
    };
  }
}

/** PV info requests wait this long to be sent together (calls §9). */
export const PV_CONFIG_BATCH_DELAY_MS = 50;

interface Waiting {
  ref: PvRef;
  callers: { resolve: (config: PvConfig) => void; reject: (error: Error) => void }[];
}
let waiting = new Map<string, Waiting>();
let timer: ReturnType<typeof setTimeout> | null = null;

async function sendBatch(batch: Waiting[]): Promise<void> {
  let reply: PvConfigsReply;
  try {
    reply = await getPvConfigs(batch.map((w) => w.ref));
  } catch (error) {
    const reason = error instanceof Error ? error : new Error(String(error));
    for (const w of batch) for (const caller of w.callers) caller.reject(reason);
    return;
  }
  const byKey = new Map(reply.configs.map((c) => [pvKey(c.pvRef), c]));
  for (const w of batch) {
    const key = pvKey(w.ref);
    const config = byKey.get(key);
    for (const caller of w.callers) {
      if (config) caller.resolve(config);
      else caller.reject(new Error(`Für ${key} wurde keine PV-Konfiguration geliefert.`));
    }
  }
}

function flushPvConfigRequests(): void {
  timer = null;
  const all = [...waiting.values()];
  waiting = new Map();
  for (let i = 0; i < all.length; i += SUBSCRIBE_BATCH) void sendBatch(all.slice(i, i + SUBSCRIBE_BATCH));
}

/**
 * The config of one PV. Requests are collected for 50 ms and sent together, at most 1024 per
 * call; a PV whose config the reply lacks is rejected with a message naming its key.
 */
export function requestPvConfig(ref: PvRef): Promise<PvConfig> {
  return new Promise((resolve, reject) => {
    const key = pvKey(ref);
    let entry = waiting.get(key);
    if (!entry) waiting.set(key, (entry = { ref: { type: ref.type, nr: ref.nr }, callers: [] }));
    entry.callers.push({ resolve, reject });
    timer ??= setTimeout(flushPvConfigRequests, PV_CONFIG_BATCH_DELAY_MS);
  });
}
