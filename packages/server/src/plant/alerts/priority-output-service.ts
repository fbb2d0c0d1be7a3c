import {
  PRIORITY_OUTPUT_MESSAGES,
  pvKey,
  type PriorityOutputAckReply,
  type PriorityOutputOptions,
} from '@leitwarte/core';
import type { FieldWrite } from '../../sources/data-source.js';
import type { Store } from '../../store/index.js';
import type { Plant } from '../plant.js';
import type { Actor } from './actor.js';
import type { PvGroup } from './alert-content.js';
import type { AlertService } from './alert-service.js';

export interface PriorityOutputServiceDeps {
  store: Store;
  plant: Plant;
  alerts: AlertService;
  /** PV groups (PV areas) per station, from alerts.json. */
  groups: readonly PvGroup[];
  now?: () => number;
}

/**
 * Priority outputs: a station signals its pending alerts per PV group (horn, lamp, relay to
 * the on-call service). Acknowledging them for a station and PV group acknowledges the
 * pending alerts of the group's PVs and, in the field, its failure inputs that are not
 * acknowledged yet (state 1 → 2).
 */
export interface PriorityOutputService {
  /** Stations with PV groups and their groups (screens §7), restricted to the stations a user may see. */
  options(allowStation?: (station: number) => boolean): PriorityOutputOptions;
  acknowledge(station: number, pvGroup: number, actor: Actor): Promise<PriorityOutputAckReply>;
}

const failedReply = (errorMessage: string): PriorityOutputAckReply => ({
  status: 'Failed',
  errorMessage,
  messageKey: null,
  message: null,
  acknowledgedAlerts: 0,
  acknowledgedInputs: 0,
});

export function createPriorityOutputService(deps: PriorityOutputServiceDeps): PriorityOutputService {
  const { store, plant, alerts, groups, now = Date.now } = deps;
  const byStation = new Map<number, PvGroup[]>();
  for (const group of groups) byStation.set(group.station, [...(byStation.get(group.station) ?? []), group]);

  return {
    options(allowStation = () => true) {
      const stations = plant
        .stations()
        .filter((s) => byStation.has(s.stationNumber) && allowStation(s.stationNumber));
      return {
        hasOptions: stations.length > 0,
        stationOptions: stations.map((s) => ({ station: s.stationNumber, name: s.name })),
        optionsForStation: stations.map((s) => ({
          station: s.stationNumber,
          pvGroups: (byStation.get(s.stationNumber) ?? []).map((g) => ({ id: g.id, name: g.name })),
        })),
      };
    },

    async acknowledge(station, pvGroup, actor) {
      if (!Number.isInteger(station) || !plant.station(station))
        return failedReply(`Unbekannte Station ${station}`);
      const own = byStation.get(station) ?? [];
      if (own.length === 0) return failedReply(PRIORITY_OUTPUT_MESSAGES.noPvGroups);
      const group = own.find((g) => g.id === pvGroup);
      if (!group) return failedReply(`Unbekannter PV-Bereich ${pvGroup} für Station ${station}`);

      const writes: FieldWrite[] = [];
      for (const ref of group.pvs) {
        const value = plant.values.get(pvKey(ref));
        if (value?.type === 'FailureStateValue' && value.failureStateValue === 1 && value.quality !== 'Bad') {
          writes.push({ ref, value: { ...value, failureStateValue: 2 } });
        }
      }
      if (writes.length > 0) {
        try {
          await plant.write(writes);
        } catch (error) {
          return failedReply(`Störeingänge konnten nicht quittiert werden: ${(error as Error).message}`);
        }
      }
      const acknowledged = await alerts.acknowledgeByPvs(group.pvs, actor);
      const nothing = acknowledged.length === 0 && writes.length === 0;
      if (!nothing) {
        await store.audit.append({
          at: now(),
          userId: actor.userId,
          username: actor.username,
          action: 'priorityOutputs.acknowledge',
          object: `Station ${station} / ${group.name}`,
          detail: {
            station,
            pvGroup,
            alerts: acknowledged.map((a) => a.id),
            inputs: writes.map((w) => pvKey(w.ref)),
          },
          remoteAddress: actor.remoteAddress ?? null,
        });
      }
      const messageKey = nothing ? 'nothingToAcknowledge' : 'acknowledged';
      return {
        status: 'Success',
        errorMessage: null,
        messageKey,
        message: PRIORITY_OUTPUT_MESSAGES[messageKey],
        acknowledgedAlerts: acknowledged.length,
        acknowledgedInputs: writes.length,
      };
    },
  };
}
