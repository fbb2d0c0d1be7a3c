import {
  isServiceMessageDue,
  pvKey,
  SERVICE_MESSAGE_KEY_SUFFIXES,
  SERVICE_MESSAGE_TYPES,
  serviceLimitsChanged,
  serviceMessageChanges,
  serviceMessageLimit,
  type ProcessValue,
  type PvRef,
  type RuntimeValue,
  type ServiceMessageType,
} from '@leitwarte/core';
import { createListeners } from '../listeners.js';

/** A maintenance alert: a runtime reached (coming) or left (going) one of its service-message limits. */
export interface ServiceMessage {
  /** `Type-nr-suffix`, e.g. `RechenWert-1020-owm` (screens §9 suffixes). */
  key: string;
  pvRef: PvRef;
  machinePv: PvRef | null;
  stationNr: number | null;
  serviceMessageType: ServiceMessageType;
  state: 'coming' | 'going';
  message: string;
  description: string;
  priority: number;
  limit: number;
  current: number;
  at: number;
}

/** Texts and delay of a service message; the monitor asks for them when a message changes. */
export interface ServiceMessageText {
  message: string;
  description: string;
  priority: number;
  delayTime: number;
}

export interface ServiceMessageMonitorDeps {
  isRuntime(ref: PvRef): boolean;
  textOf(ref: PvRef, type: ServiceMessageType): ServiceMessageText;
  machineOf(ref: PvRef): PvRef | null;
  stationOf(ref: PvRef): number | null;
  now: () => number;
}

interface Pending {
  since: number;
  limit: number;
}

/**
 * Watches runtime values and raises service messages when a runtime crosses a limit. The first
 * reading of a runtime only sets the state (a restart raises nothing again; `active()` lists
 * what is due). A delay (delayTime, seconds) holds a message back until it has been due that
 * long; a message that ends before is dropped. Limit changes are reported as config changes.
 */
export function createServiceMessageMonitor(deps: ServiceMessageMonitorDeps) {
  const last = new Map<string, { ref: PvRef; runtime: RuntimeValue }>();
  const active = new Map<string, ServiceMessage>();
  const pending = new Map<string, Pending & { ref: PvRef; type: ServiceMessageType }>();
  const messages = createListeners<ServiceMessage>();
  const limitChanges = createListeners<readonly PvRef[]>();

  const build = (
    ref: PvRef,
    type: ServiceMessageType,
    state: ServiceMessage['state'],
    limit: number,
    at: number,
  ) => {
    const text = deps.textOf(ref, type);
    const current = last.get(pvKey(ref))?.runtime.value ?? 0;
    return {
      key: `${pvKey(ref)}-${SERVICE_MESSAGE_KEY_SUFFIXES[type]}`,
      pvRef: ref,
      machinePv: deps.machineOf(ref),
      stationNr: deps.stationOf(ref),
      serviceMessageType: type,
      state,
      message: text.message,
      description: text.description,
      priority: text.priority,
      limit,
      current,
      at,
    } satisfies ServiceMessage;
  };

  const raise = (ref: PvRef, type: ServiceMessageType, limit: number, at: number) => {
    const message = build(ref, type, 'coming', limit, at);
    active.set(message.key, message);
    messages.emit(message);
  };

  const checkPending = (at: number) => {
    for (const [key, p] of pending) {
      const delayMs = deps.textOf(p.ref, p.type).delayTime * 1000;
      if (at - p.since < delayMs) continue;
      pending.delete(key);
      raise(p.ref, p.type, p.limit, at);
    }
  };

  const observe = (value: ProcessValue) => {
    if (value.type !== 'RuntimeValue' || !deps.isRuntime(value.pvRef)) return;
    const k = pvKey(value.pvRef);
    const previous = last.get(k);
    last.set(k, { ref: value.pvRef, runtime: value.runtimeValue });
    const at = value.timestamp;
    if (!previous) {
      for (const type of SERVICE_MESSAGE_TYPES) {
        const limit = serviceMessageLimit(value.runtimeValue, type);
        if (isServiceMessageDue(value.runtimeValue.value, limit)) {
          active.set(
            `${k}-${SERVICE_MESSAGE_KEY_SUFFIXES[type]}`,
            build(value.pvRef, type, 'coming', limit, at),
          );
        }
      }
      return;
    }
    for (const change of serviceMessageChanges(previous.runtime, value.runtimeValue)) {
      const key = `${k}-${SERVICE_MESSAGE_KEY_SUFFIXES[change.type]}`;
      if (change.due) {
        if (deps.textOf(value.pvRef, change.type).delayTime > 0) {
          pending.set(key, { since: at, limit: change.limit, ref: value.pvRef, type: change.type });
        } else raise(value.pvRef, change.type, change.limit, at);
      } else if (pending.delete(key)) {
        // Ended within its delay: never raised, nothing to end.
      } else if (active.delete(key)) {
        messages.emit(build(value.pvRef, change.type, 'going', change.limit, at));
      }
    }
    if (serviceLimitsChanged(previous.runtime, value.runtimeValue)) limitChanges.emit([value.pvRef]);
  };

  return {
    /** Feeds a batch of changed values (from the plant's value feed). */
    apply(batch: readonly ProcessValue[]): void {
      for (const value of batch) observe(value);
      checkPending(deps.now());
    },
    /** Raises delayed messages whose delay has passed (also called on every batch). */
    tick: () => checkPending(deps.now()),
    active: (): ServiceMessage[] => [...active.values()],
    onServiceMessage: (listener: (message: ServiceMessage) => void) => messages.add(listener),
    /** Runtime PVs whose limits (the service-message targets) changed. */
    onLimitsChanged: (listener: (refs: readonly PvRef[]) => void) => limitChanges.add(listener),
  };
}

export type ServiceMessageMonitor = ReturnType<typeof createServiceMessageMonitor>;
