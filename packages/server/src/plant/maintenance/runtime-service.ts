import {
  checkRuntimeInput,
  pvKey,
  RUNTIME_LIMIT_ORDER_MESSAGE,
  runtimeLimitsOrdered,
  type MachineRuntime,
  type PvRef,
  type RuntimesReply,
  type RuntimeValue,
  type SetRuntimeEntry,
  type SetRuntimesReply,
} from '@leitwarte/core';
import type { Store } from '../../store/index.js';
import type { Plant } from '../plant.js';
import type { MaintenanceActor } from './actor.js';
import type { RuntimeBindings } from './runtime-bindings.js';

/** Runtimes of machines: read (POST /api/Pv/runtimes) and set (POST /api/Pv/set-runtimes). */
export interface RuntimeService {
  /** Runtimes of DigiIn/AnaIn PVs; PVs without runtimes are listed as missing. */
  runtimes(pvs: readonly PvRef[]): RuntimesReply;
  /** Validates every entry, then writes all to the field at once and audits each; or changes nothing. */
  setRuntimes(entries: readonly SetRuntimeEntry[], actor: MaintenanceActor): Promise<SetRuntimesReply>;
}

/** Only DigiIn and AnaIn have runtimes (screens §5). */
const MACHINE_TYPES = new Set(['DigiIn', 'AnaIn']);
const LIMIT_FIELDS = ['lower', 'lowerMid', 'upperMid', 'upper'] as const;

export function createRuntimeService(deps: {
  store: Store;
  plant: Plant;
  bindings: RuntimeBindings;
  now?: () => number;
}): RuntimeService {
  const { store, plant, bindings } = deps;
  const now = deps.now ?? Date.now;
  const live = (ref: PvRef): RuntimeValue | null => {
    const value = plant.values.get(pvKey(ref));
    return value?.type === 'RuntimeValue' ? value.runtimeValue : null;
  };
  const reply = (status: SetRuntimesReply['status'], errorMessage = '', missingPvs: PvRef[] = []) => ({
    status,
    errorMessage,
    missingPvs,
    unauthorizedPvs: [],
  });

  return {
    runtimes(pvs) {
      const runtimeValues: MachineRuntime[] = [];
      const missingPvs: PvRef[] = [];
      for (const pv of pvs) {
        const found = MACHINE_TYPES.has(pv.type)
          ? bindings.runtimesOf(pv).flatMap((runtimePv) => {
              const value = live(runtimePv);
              const config = plant.config(pvKey(runtimePv));
              return value && config
                ? [
                    {
                      pvRef: pv,
                      runtimePv,
                      name: config.name,
                      dimension: config.dimension,
                      runtimeValue: value,
                    },
                  ]
                : [];
            })
          : [];
        if (found.length === 0) missingPvs.push(pv);
        runtimeValues.push(...found);
      }
      return { runtimeValues, missingPvs };
    },

    async setRuntimes(entries, actor) {
      if (entries.length === 0) return reply('Failed', 'Keine Laufzeiten angegeben.');
      const missing = entries.filter(
        (e) => plant.config(pvKey(e.pvRef))?.valueType !== 'RuntimeValue' || !live(e.pvRef),
      );
      if (missing.length > 0) {
        return reply(
          'Failed',
          'Laufzeitwerte konnten nicht gesetzt werden.',
          missing.map((e) => e.pvRef),
        );
      }
      const planned: { ref: PvRef; old: RuntimeValue; next: RuntimeValue }[] = [];
      for (const entry of entries) {
        const old = live(entry.pvRef) as RuntimeValue;
        const next: RuntimeValue = { ...old };
        const value = checkRuntimeInput(entry.value);
        if (!value.ok) return reply('Failed', `${pvKey(entry.pvRef)}: ${value.message}`);
        next.value = value.value;
        for (const field of LIMIT_FIELDS) {
          // A limit left out keeps its value in the field.
          if (entry[field] === undefined) continue;
          const limit = checkRuntimeInput(entry[field]);
          if (!limit.ok) return reply('Failed', `${pvKey(entry.pvRef)} ${field}: ${limit.message}`);
          next[field] = limit.value;
        }
        if (!runtimeLimitsOrdered(next.lower, next.lowerMid, next.upperMid, next.upper)) {
          return reply('Failed', `${pvKey(entry.pvRef)}: ${RUNTIME_LIMIT_ORDER_MESSAGE}`);
        }
        planned.push({ ref: entry.pvRef, old, next });
      }
      const at = now();
      try {
        await plant.write(
          planned.map((p) => ({
            ref: p.ref,
            value: {
              pvRef: p.ref,
              quality: 'Good',
              timestamp: at,
              type: 'RuntimeValue',
              runtimeValue: p.next,
            },
          })),
        );
      } catch (error) {
        return reply('Failed', `Laufzeitwerte konnten nicht gesetzt werden: ${(error as Error).message}`);
      }
      for (const p of planned) {
        await store.audit.append({
          at,
          userId: actor.userId,
          username: actor.username,
          action: 'runtime-set',
          object: pvKey(p.ref),
          oldValue: JSON.stringify(p.old),
          newValue: JSON.stringify(p.next),
          remoteAddress: actor.remoteAddress ?? null,
        });
      }
      return reply('Success');
    },
  };
}
