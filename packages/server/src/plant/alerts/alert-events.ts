import type { Alert, PendingAlertState } from '@leitwarte/core';
import { createListeners } from '../listeners.js';

/**
 * Events of the alert service, named after the live events of calls §7:
 * newAlert (an alert came), newAlertState (an alert went), ackAlert (one alert acknowledged),
 * ackAlerts (several acknowledged by one action), deletedAlerts (ids), newPendingAlerts (the
 * bindings whose acknowledgement state changed).
 */
export function createAlertEvents() {
  const newAlert = createListeners<Alert>();
  const alertState = createListeners<Alert>();
  const ackAlert = createListeners<Alert>();
  const ackAlerts = createListeners<readonly Alert[]>();
  const deletedAlerts = createListeners<readonly number[]>();
  const pendingAlerts = createListeners<readonly PendingAlertState[]>();
  return {
    emit: { newAlert, alertState, ackAlert, ackAlerts, deletedAlerts, pendingAlerts },
    subscribe: {
      onNewAlert: (listener: (alert: Alert) => void) => newAlert.add(listener),
      onAlertState: (listener: (alert: Alert) => void) => alertState.add(listener),
      onAckAlert: (listener: (alert: Alert) => void) => ackAlert.add(listener),
      onAckAlerts: (listener: (alerts: readonly Alert[]) => void) => ackAlerts.add(listener),
      onDeletedAlerts: (listener: (ids: readonly number[]) => void) => deletedAlerts.add(listener),
      onPendingAlerts: (listener: (states: readonly PendingAlertState[]) => void) =>
        pendingAlerts.add(listener),
    },
  };
}

export type AlertSubscriptions = ReturnType<typeof createAlertEvents>['subscribe'];

/** Runs tasks one after another; a failed task rejects its caller and does not stop the queue. */
export function createTaskQueue(onError: (error: unknown) => void) {
  let chain: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = chain.then(task);
      chain = result.catch(() => undefined);
      return result;
    },
    /** Runs a task nobody waits for; its failure is reported. */
    fire(task: () => Promise<unknown>): void {
      this.run(task).catch(onError);
    },
    /** Resolves when every task queued so far has finished. */
    idle(): Promise<void> {
      return chain.then(() => undefined);
    },
  };
}
