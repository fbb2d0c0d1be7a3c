import {
  pvKey,
  type ProcessValue,
  type PvConfig,
  type PvRef,
  type PvValueWrite,
  type PvWriteReply,
  type RightName,
} from '@leitwarte/core';
import type { Rights } from '../../auth/rights.js';
import type { Store } from '../../store/index.js';
import type { Plant } from '../plant.js';
import type { PvLiveEvents } from './pv-live-events.js';
import { auditText, pvLabel, toProcessValue, valueWriteRefusal } from './pv-write-rules.js';
import { auditRefusal, type WriteActor } from './refusal-audit.js';

export type { WriteActor } from './refusal-audit.js';

export interface PvWriteServiceDeps {
  store: Store;
  plant: Plant;
  rights: Rights;
  /** Where the field's answer to a write is announced (newValue, newAck). */
  events: PvLiveEvents;
  now?: () => number;
}

/**
 * The value writes of the PV calls: set values, reset counters, acknowledge failure inputs. Each
 * batch is checked whole — every PV known, the user's right on every PV, every value valid —
 * and then written to the field at once and audited old → new per PV; otherwise nothing is
 * written and the refusal is audited.
 */
export interface PvWriteService {
  setValues(writes: readonly PvValueWrite[], actor: WriteActor): Promise<PvWriteReply>;
  resetCounters(refs: readonly PvRef[], actor: WriteActor): Promise<PvWriteReply>;
  acknowledgeInputs(refs: readonly PvRef[], actor: WriteActor): Promise<PvWriteReply>;
}

/** One kind of write: its audit action, the right it needs, and what it writes to a PV. */
interface Operation {
  action: string;
  right: RightName;
  unauthorizedText: string;
  /** The value to write, or why not. */
  plan(config: PvConfig, current: ProcessValue | undefined, index: number): ProcessValue | string;
  /** Noted before writing, so the field's answer can be told live. */
  expect(ref: PvRef, actor: WriteActor): void;
}

const reply = (
  status: PvWriteReply['status'],
  errorMessage: string | null,
  lists: Partial<PvWriteReply> = {},
) => ({
  status,
  errorMessage,
  unauthorizedPvs: lists.unauthorizedPvs ?? [],
  missingPvs: lists.missingPvs ?? [],
});

const keys = (refs: readonly PvRef[]) => refs.map(pvKey).join(', ');

export function createPvWriteService({
  store,
  plant,
  rights,
  events: live,
  now = Date.now,
}: PvWriteServiceDeps): PvWriteService {
  async function run(op: Operation, refs: readonly PvRef[], actor: WriteActor): Promise<PvWriteReply> {
    const refuse = async (result: PvWriteReply) => {
      await auditRefusal(store, actor, `${op.action}.refused`, refs, {
        reason: result.errorMessage,
        missingPvs: result.missingPvs.map(pvKey),
        unauthorizedPvs: result.unauthorizedPvs.map(pvKey),
      });
      return result;
    };
    const seen = new Set<string>();
    const missingPvs: PvRef[] = [];
    const unauthorizedPvs: PvRef[] = [];
    for (const ref of refs) {
      const key = pvKey(ref);
      if (seen.has(key)) return refuse(reply('Failed', `${key} ist mehrfach angegeben.`));
      seen.add(key);
      if (plant.config(key) === undefined) missingPvs.push(ref);
      else if (!rights.onPv(actor, op.right, ref)) unauthorizedPvs.push(ref);
    }
    if (missingPvs.length > 0) {
      const text = `Prozessvariablen nicht gefunden: ${keys(missingPvs)}`;
      return refuse(reply('Failed', text, { missingPvs, unauthorizedPvs }));
    }
    if (unauthorizedPvs.length > 0) {
      return refuse(
        reply('Unauthorized', `${op.unauthorizedText}: ${keys(unauthorizedPvs)}`, { unauthorizedPvs }),
      );
    }
    const at = now();
    const planned: { ref: PvRef; old: ProcessValue | undefined; next: ProcessValue }[] = [];
    for (const [index, ref] of refs.entries()) {
      const config = plant.config(pvKey(ref)) as PvConfig;
      const old = plant.values.get(pvKey(ref));
      const next = op.plan(config, old, index);
      if (typeof next === 'string') return refuse(reply('Failed', next));
      planned.push({ ref: config.pvRef, old, next: { ...next, timestamp: at } });
    }
    for (const p of planned) op.expect(p.ref, actor);
    try {
      await plant.write(planned.map((p) => ({ ref: p.ref, value: p.next })));
    } catch (error) {
      live.forget(planned.map((p) => p.ref));
      return refuse(reply('Failed', `Die Werte wurden vom Feld abgelehnt: ${(error as Error).message}`));
    }
    for (const p of planned) {
      await store.audit.append({
        at,
        userId: actor.userId,
        username: actor.username,
        action: op.action,
        object: pvKey(p.ref),
        oldValue: auditText(p.old),
        newValue: auditText(p.next),
        remoteAddress: actor.remoteAddress ?? null,
      });
    }
    return reply('Success', null);
  }

  const expectWrite = (ref: PvRef) => live.expectWrite(ref);

  return {
    setValues(writes, actor) {
      return run(
        {
          action: 'pv.write',
          right: 'writeValues',
          unauthorizedText: 'Keine Schreibrechte für Prozessvariablen',
          plan: (config, _current, index) => {
            const write = writes[index] as PvValueWrite;
            return valueWriteRefusal(config, write) ?? toProcessValue(write, 0);
          },
          expect: expectWrite,
        },
        writes.map((w) => w.pvRef),
        actor,
      );
    },

    resetCounters(refs, actor) {
      return run(
        {
          action: 'pv.counterReset',
          right: 'writeValues',
          unauthorizedText: 'Keine Schreibrechte für Zähler',
          plan(config, current) {
            if (config.valueType !== 'CounterValue') return `${pvLabel(config)} ist kein Zähler.`;
            if (current?.type !== 'CounterValue') return `${pvLabel(config)} hat noch keinen Zählerstand.`;
            if (!current.counterValue.resetable) return `${pvLabel(config)} kann nicht zurückgesetzt werden.`;
            return { ...current, quality: 'Good', counterValue: { ...current.counterValue, value: 0 } };
          },
          expect: expectWrite,
        },
        refs,
        actor,
      );
    },

    acknowledgeInputs(refs, actor) {
      return run(
        {
          action: 'pv.ack',
          right: 'ackAlerts',
          unauthorizedText: 'Keine Rechte zum Quittieren von Störeingängen',
          plan(config, current) {
            if (config.valueType !== 'FailureStateValue') return `${pvLabel(config)} ist kein Störeingang.`;
            if (
              current?.type !== 'FailureStateValue' ||
              current.quality === 'Bad' ||
              current.failureStateValue !== 1
            )
              return `${pvLabel(config)} hat keine unquittierte Störung.`;
            return { ...current, failureStateValue: 2 };
          },
          expect: (ref, who) => live.expectAck(ref, who.username),
        },
        refs,
        actor,
      );
    },
  };
}
