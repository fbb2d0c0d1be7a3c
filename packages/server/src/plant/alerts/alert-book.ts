import {
  bindingAckState,
  isAlertOpen,
  type AckState,
  type AlertBindingKind,
  type PendingAlertState,
} from '@leitwarte/core';
import type { AlertRow } from '../../store/alerts/index.js';
import { lifecycleOf } from './alert-rows.js';

const bindingOf = (row: AlertRow) => `${row.binding_kind}\u0000${row.binding_key}`;

/**
 * The open alerts (active, or not acknowledged) the engine follows, by id and by active
 * condition, and the acknowledgement state per binding last announced.
 */
export function createAlertBook() {
  const open = new Map<number, AlertRow>();
  const activeBySource = new Map<string, number>();
  const announced = new Map<string, PendingAlertState>();

  const states = () => {
    const groups = new Map<
      string,
      { kind: AlertBindingKind; key: string; alerts: { acknowledged: boolean }[] }
    >();
    for (const row of open.values()) {
      const id = bindingOf(row);
      let group = groups.get(id);
      if (!group) {
        group = { kind: row.binding_kind as AlertBindingKind, key: row.binding_key, alerts: [] };
        groups.set(id, group);
      }
      group.alerts.push(lifecycleOf(row));
    }
    return new Map(
      [...groups].map(([id, g]) => [id, { kind: g.kind, key: g.key, ackState: bindingAckState(g.alerts) }]),
    );
  };

  return {
    /** Takes the stored state of an alert; a closed alert leaves the book. */
    put(row: AlertRow): void {
      const lifecycle = lifecycleOf(row);
      if (isAlertOpen(lifecycle)) open.set(row.id, row);
      else open.delete(row.id);
      if (lifecycle.active) activeBySource.set(row.source, row.id);
      else if (activeBySource.get(row.source) === row.id) activeBySource.delete(row.source);
    },
    active(source: string): AlertRow | undefined {
      const id = activeBySource.get(source);
      return id === undefined ? undefined : open.get(id);
    },
    activeSources(): Set<string> {
      return new Set(activeBySource.keys());
    },
    open(): AlertRow[] {
      return [...open.values()];
    },
    unacknowledged(): AlertRow[] {
      return [...open.values()].filter((row) => row.acknowledged_at === null);
    },
    /** Current state of every binding with open alerts. */
    pending(): PendingAlertState[] {
      return [...states().values()];
    },
    /** Bindings whose state differs from the last call (0 for those without open alerts now). */
    changes(): PendingAlertState[] {
      const now = states();
      const changed: PendingAlertState[] = [];
      for (const [id, state] of now) {
        if (announced.get(id)?.ackState !== state.ackState) changed.push(state);
      }
      for (const [id, state] of announced) {
        if (!now.has(id)) changed.push({ ...state, ackState: 0 as AckState });
      }
      announced.clear();
      for (const [id, state] of now) announced.set(id, state);
      return changed;
    },
  };
}

export type AlertBook = ReturnType<typeof createAlertBook>;
