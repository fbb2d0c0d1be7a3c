import {
  formatLimitIssue,
  isValidPriority,
  LIMIT_MESSAGES,
  LIMIT_TYPES,
  pvKey,
  toLimitEditEntry,
  validateLimitEdit,
  validateLimitFields,
  type DigitalPriorityEntry,
  type LimitConfig,
  type LimitIssue,
  type LimitType,
  type PvRef,
  type SetConfigReply,
} from '@leitwarte/core';
import { createListeners } from '../listeners.js';
import type { Plant } from '../plant.js';
import type { Store } from '../../store/index.js';
import { createAlertStore, type LimitRow } from '../../store/alerts/index.js';
import type { Actor } from './actor.js';
import { LIMIT_DESCRIPTIONS } from './alert-content.js';
import { checkLimitTexts, failed, limitKey, rowOf, success } from './limit-rows.js';

export interface LimitServiceDeps {
  store: Store;
  plant: Plant;
  /** Default limits (alerts.json), stored where the store has none yet. */
  defaults?: readonly LimitConfig[];
  now?: () => number;
}

/** Options of a write: the route passes the user's write right per PV. */
export interface WriteOptions {
  authorize?: (pv: PvRef) => boolean;
}

/** Analog limits per AnaIn and priorities of digital alert inputs. */
export interface LimitService {
  /** Stores missing defaults and loads the limits; call once before use. */
  start(): Promise<void>;
  /** The four limits of each PV, lowest first; limits without configuration come as notSet. */
  limitsOf(pvs: readonly PvRef[]): LimitConfig[];
  /** The limits of a PV that are set (what the alert engine watches). */
  activeLimits(pv: PvRef): LimitConfig[];
  /** Validated (screens §5), all or nothing, audited old → new; emits onLimitConfig. */
  setLimits(entries: readonly LimitConfig[], actor: Actor, options?: WriteOptions): Promise<SetConfigReply>;
  /** Priority of a digital alert input: the operator's setting, else the plant definition's. */
  digitalPriority(pv: PvRef): number | null;
  setDigitalPriorities(
    entries: readonly DigitalPriorityEntry[],
    actor: Actor,
    options?: WriteOptions,
  ): Promise<SetConfigReply>;
  onLimitConfig(listener: (changed: readonly LimitConfig[]) => void): () => void;
  onDigitalPriority(listener: (changed: readonly DigitalPriorityEntry[]) => void): () => void;
}

function notSet(pv: PvRef, limitType: LimitType): LimitConfig {
  const description = LIMIT_DESCRIPTIONS[limitType];
  return {
    pvLimitRef: { pv, limitType },
    limit: 0,
    priority: 0,
    delayTime: 0,
    description,
    message: '',
    notSet: true,
  };
}

export function createLimitService({
  store,
  plant,
  defaults = [],
  now = Date.now,
}: LimitServiceDeps): LimitService {
  const repos = createAlertStore(store.db);
  /** AnaIn nr → limit type → config (set and not-set ones that were stored). */
  const limits = new Map<number, Map<LimitType, LimitConfig>>();
  const priorities = new Map<number, number>();
  const limitListeners = createListeners<readonly LimitConfig[]>();
  const priorityListeners = createListeners<readonly DigitalPriorityEntry[]>();

  const remember = (row: LimitRow) => {
    const pv: PvRef = { type: 'AnaIn', nr: row.pv_nr };
    const config: LimitConfig = {
      pvLimitRef: { pv, limitType: row.limit_type as LimitType },
      limit: row.limit_value,
      priority: row.priority,
      delayTime: row.delay_time,
      description: row.description,
      message: row.message,
      notSet: row.not_set === 1,
    };
    let byType = limits.get(row.pv_nr);
    if (!byType) limits.set(row.pv_nr, (byType = new Map()));
    byType.set(config.pvLimitRef.limitType, config);
  };
  const current = (pv: PvRef, type: LimitType) => limits.get(pv.nr)?.get(type) ?? notSet(pv, type);
  const isAnaIn = (pv: PvRef) => pv.type === 'AnaIn' && plant.config(pvKey(pv)) !== undefined;
  const digitalPriority = (pv: PvRef): number | null => {
    const config = plant.config(pvKey(pv));
    if (!config?.alertInputConfig) return null;
    return (pv.type === 'DigiIn' ? priorities.get(pv.nr) : undefined) ?? config.alertInputConfig.priority;
  };

  return {
    async start() {
      await repos.limits.insertMissing(defaults.map((d) => rowOf(d, now())));
      for (const row of await repos.limits.all()) remember(row);
      for (const row of await repos.digitalPriorities.all()) priorities.set(row.pv_nr, row.priority);
    },
    limitsOf: (pvs) => pvs.filter(isAnaIn).flatMap((pv) => LIMIT_TYPES.map((type) => current(pv, type))),
    activeLimits: (pv) => [...(limits.get(pv.nr)?.values() ?? [])].filter((l) => !l.notSet),

    async setLimits(entries, actor, options = {}) {
      const missing = entries.map((e) => e.pvLimitRef.pv).filter((pv) => !isAnaIn(pv));
      if (missing.length > 0) return failed('Prozessvariablen nicht gefunden', { missingPvs: missing });
      const denied = entries.map((e) => e.pvLimitRef.pv).filter((pv) => options.authorize?.(pv) === false);
      if (denied.length > 0) return failed('Keine Schreibrechte', { unauthorizedPvs: denied });
      const byPv = new Map<number, Map<LimitType, LimitConfig>>();
      for (const entry of entries) {
        const own = byPv.get(entry.pvLimitRef.pv.nr) ?? new Map<LimitType, LimitConfig>();
        if (own.has(entry.pvLimitRef.limitType)) {
          return failed(`${limitKey(entry)} ist mehrfach angegeben`);
        }
        own.set(entry.pvLimitRef.limitType, entry);
        byPv.set(entry.pvLimitRef.pv.nr, own);
      }
      const issues: (LimitIssue & { pv: PvRef })[] = [];
      for (const [nr, own] of byPv) {
        const pv: PvRef = { type: 'AnaIn', nr };
        const textIssue = [...own.values()].map(checkLimitTexts).find((t) => t !== null);
        if (textIssue) return failed(textIssue);
        // The rules hold for the PV's whole set: the edited limits with the unchanged ones.
        const merged = LIMIT_TYPES.map((type) => own.get(type) ?? current(pv, type));
        const found = [
          ...validateLimitEdit(merged.map(toLimitEditEntry), plant.config(pvKey(pv))?.domainConfig ?? null),
          ...[...own.values()]
            .filter((l) => l.notSet)
            .flatMap((l) => validateLimitFields(toLimitEditEntry(l))),
        ];
        issues.push(...found.map((issue) => ({ ...issue, pv })));
      }
      if (issues.length > 0) {
        const list = issues.map((i) => ({ ...i, text: formatLimitIssue(i) }));
        return failed(list[0]?.text ?? LIMIT_MESSAGES.notANumber, { issues: list });
      }
      const at = now();
      const changed = entries.filter((e) => {
        const before = current(e.pvLimitRef.pv, e.pvLimitRef.limitType);
        return JSON.stringify(rowOf(before, 0)) !== JSON.stringify(rowOf(e, 0));
      });
      await repos.limits.upsert(changed.map((e) => rowOf(e, at)));
      for (const entry of changed) {
        const before = current(entry.pvLimitRef.pv, entry.pvLimitRef.limitType);
        await store.audit.append({
          at,
          userId: actor.userId,
          username: actor.username,
          action: 'limits.set',
          object: limitKey(entry),
          oldValue: JSON.stringify(rowOf(before, 0)),
          newValue: JSON.stringify(rowOf(entry, 0)),
          remoteAddress: actor.remoteAddress ?? null,
        });
        remember(rowOf(entry, at));
      }
      if (changed.length > 0)
        limitListeners.emit(changed.map((e) => current(e.pvLimitRef.pv, e.pvLimitRef.limitType)));
      return success();
    },

    digitalPriority,

    async setDigitalPriorities(entries, actor, options = {}) {
      const missing = entries
        .map((e) => e.pv)
        .filter((pv) => pv.type !== 'DigiIn' || !plant.config(pvKey(pv))?.alertInputConfig);
      if (missing.length > 0) return failed('Störmeldeeingänge nicht gefunden', { missingPvs: missing });
      const denied = entries.map((e) => e.pv).filter((pv) => options.authorize?.(pv) === false);
      if (denied.length > 0) return failed('Keine Schreibrechte', { unauthorizedPvs: denied });
      if (!entries.every((e) => isValidPriority(e.priority))) return failed(LIMIT_MESSAGES.priorityRange);
      const at = now();
      const changed = entries.filter((e) => digitalPriority(e.pv) !== e.priority);
      await repos.digitalPriorities.upsert(
        changed.map((e) => ({ pv_nr: e.pv.nr, priority: e.priority, updated_at: at })),
      );
      for (const entry of changed) {
        await store.audit.append({
          at,
          userId: actor.userId,
          username: actor.username,
          action: 'priority.set',
          object: pvKey(entry.pv),
          oldValue: String(digitalPriority(entry.pv)),
          newValue: String(entry.priority),
          remoteAddress: actor.remoteAddress ?? null,
        });
        priorities.set(entry.pv.nr, entry.priority);
      }
      if (changed.length > 0) priorityListeners.emit(changed);
      return success();
    },
    onLimitConfig: (listener) => limitListeners.add(listener),
    onDigitalPriority: (listener) => priorityListeners.add(listener),
  };
}
