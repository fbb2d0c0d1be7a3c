import {
  pvKey,
  type DigitalPriorityEntry,
  type LimitConfig,
  type PriorityOutputAckReply,
  type PriorityOutputOptions,
  type PvRef,
  type RuntimesReply,
  type SetConfigReply,
  type SetRuntimeEntry,
  type SetRuntimesReply,
} from '@leitwarte/core';
import type { Rights } from '../../auth/rights.js';
import type { Store } from '../../store/index.js';
import type { LimitService, PriorityOutputService, PvGroup } from '../alerts/index.js';
import type { RuntimeService } from '../maintenance/index.js';
import type { Plant } from '../plant.js';
import type { PvLiveEvents } from './pv-live-events.js';
import { auditRefusal, type WriteActor } from './refusal-audit.js';

export interface PvConfigWriteDeps {
  store: Store;
  plant: Plant;
  rights: Rights;
  limits: LimitService;
  runtimes: RuntimeService;
  priorityOutputs: PriorityOutputService;
  pvGroups: readonly PvGroup[];
  events: PvLiveEvents;
}

/**
 * The PV configuration calls with the user's rights per PV (or per station and PV area): limits
 * and digital priorities (writeLimits), runtimes (read / editMaintenance), priority outputs
 * (ackAlerts). The domain services validate and audit the changes; a refused call is audited here.
 */
export function createPvConfigWriteService(deps: PvConfigWriteDeps) {
  const { store, plant, rights, limits, runtimes, priorityOutputs, pvGroups, events: live } = deps;

  /** May the user acknowledge this PV area: on its station, or on every PV of it. */
  const mayAckGroup = (actor: WriteActor, group: PvGroup) =>
    rights.onStation(actor, 'ackAlerts', group.station) ||
    (group.pvs.length > 0 && group.pvs.every((pv) => rights.onPv(actor, 'ackAlerts', pv)));

  async function audited<R extends { status: string; errorMessage: string | null }>(
    action: string,
    refs: readonly PvRef[],
    actor: WriteActor,
    result: R,
    detail: (r: R) => Record<string, unknown> = () => ({}),
  ): Promise<R> {
    if (result.status !== 'Success') {
      await auditRefusal(store, actor, `${action}.refused`, refs, {
        reason: result.errorMessage,
        ...detail(result),
      });
    }
    return result;
  }
  const lists = (r: { missingPvs: PvRef[]; unauthorizedPvs: PvRef[] }) => ({
    missingPvs: r.missingPvs.map(pvKey),
    unauthorizedPvs: r.unauthorizedPvs.map(pvKey),
  });

  return {
    async setLimits(entries: readonly LimitConfig[], actor: WriteActor): Promise<SetConfigReply> {
      const authorize = (pv: PvRef) => rights.onPv(actor, 'writeLimits', pv);
      const result = await limits.setLimits(entries, actor, { authorize });
      return audited(
        'limits.set',
        entries.map((e) => e.pvLimitRef.pv),
        actor,
        result,
        (r) => ({
          ...lists(r),
          issues: r.issues.map((i) => i.key),
        }),
      );
    },

    async setDigitalPriorities(
      entries: readonly DigitalPriorityEntry[],
      actor: WriteActor,
    ): Promise<SetConfigReply> {
      const authorize = (pv: PvRef) => rights.onPv(actor, 'writeLimits', pv);
      const result = await limits.setDigitalPriorities(entries, actor, { authorize });
      return audited(
        'priority.set',
        entries.map((e) => e.pv),
        actor,
        result,
        lists,
      );
    },

    /** Runtimes of machine PVs; PVs the user may not read are answered as missing. */
    runtimes(refs: readonly PvRef[], actor: WriteActor): RuntimesReply {
      const readable = refs.filter((ref) => rights.canReadPv(actor, ref));
      const found = runtimes.runtimes(readable);
      const hidden = refs.filter((ref) => !rights.canReadPv(actor, ref));
      return { runtimeValues: found.runtimeValues, missingPvs: [...found.missingPvs, ...hidden] };
    },

    async setRuntimes(entries: readonly SetRuntimeEntry[], actor: WriteActor): Promise<SetRuntimesReply> {
      const refs = entries.map((e) => e.pvRef);
      const missingPvs = refs.filter((ref) => plant.config(pvKey(ref)) === undefined);
      const unauthorizedPvs = refs.filter(
        (ref) => plant.config(pvKey(ref)) !== undefined && !rights.onPv(actor, 'editMaintenance', ref),
      );
      let result: SetRuntimesReply;
      if (missingPvs.length > 0) {
        result = {
          status: 'Failed',
          errorMessage: 'Laufzeitwerte konnten nicht gesetzt werden.',
          missingPvs,
          unauthorizedPvs,
        };
      } else if (unauthorizedPvs.length > 0) {
        const errorMessage = `Keine Rechte zum Setzen von Laufzeiten: ${unauthorizedPvs.map(pvKey).join(', ')}`;
        result = { status: 'Unauthorized', errorMessage, missingPvs, unauthorizedPvs };
      } else {
        result = await runtimes.setRuntimes(entries, actor);
      }
      return audited('runtime-set', refs, actor, result, lists);
    },

    /** The stations and PV areas the user may acknowledge priority outputs of. */
    priorityOutputOptions(actor: WriteActor): PriorityOutputOptions {
      const allowed = pvGroups.filter((g) => mayAckGroup(actor, g));
      const stations = new Set(allowed.map((g) => g.station));
      const options = priorityOutputs.options((station) => stations.has(station));
      const ids = new Set(allowed.map((g) => g.id));
      return {
        ...options,
        optionsForStation: options.optionsForStation.map((o) => ({
          ...o,
          pvGroups: o.pvGroups.filter((g) => ids.has(g.id)),
        })),
      };
    },

    async acknowledgePriorityOutputs(
      station: number,
      pvGroup: number,
      actor: WriteActor,
    ): Promise<PriorityOutputAckReply> {
      const group = pvGroups.find((g) => g.station === station && g.id === pvGroup);
      const refs = group?.pvs ?? [];
      if (group !== undefined && !mayAckGroup(actor, group)) {
        const errorMessage = `Keine Rechte zum Quittieren der Prioritätenausgänge von Station ${station}.`;
        const result: PriorityOutputAckReply = {
          status: 'Unauthorized',
          errorMessage,
          messageKey: null,
          message: null,
          acknowledgedAlerts: 0,
          acknowledgedInputs: 0,
        };
        return audited('priorityOutputs.acknowledge', refs, actor, result, () => ({ station, pvGroup }));
      }
      // The inputs this acknowledges in the field: their newAck names the user.
      const pending = refs.filter((ref) => {
        const value = plant.values.get(pvKey(ref));
        return value?.type === 'FailureStateValue' && value.failureStateValue === 1;
      });
      for (const ref of pending) live.expectAck(ref, actor.username);
      const result = await priorityOutputs.acknowledge(station, pvGroup, actor);
      if (result.status !== 'Success') live.forget(pending);
      return audited('priorityOutputs.acknowledge', refs, actor, result, () => ({ station, pvGroup }));
    },
  };
}

export type PvConfigWriteService = ReturnType<typeof createPvConfigWriteService>;
