import {
  planKey,
  resolvePlanDefault,
  type AlarmCategory,
  type AlarmLineInfo,
  type AlarmPlanInfo,
  type AlarmPlanRef,
  type AlarmPvGroup,
} from '@leitwarte/core';
import { createRemoteAlarmRepository, type StoredPlan } from '../../store/remote-alarm/index.js';
import { createListeners } from '../listeners.js';
import { createAlarmSequencer, DEFAULT_SEQUENCE_TIMING, type SequenceChanges } from './alarm-sequence.js';
import { createCallNumberCommands } from './call-number-commands.js';
import { checkRemoteAlarmContent, EMPTY_REMOTE_ALARM, remoteAlarmSeed } from './content.js';
import { failed, resolvePlans, succeeded } from './plan-refs.js';
import { createSerial } from './serial.js';
import type { Actor, RemoteAlarmService, RemoteAlarmServiceDeps } from './types.js';
import { toActivation, toLineInfo, toPlanConfig, toPlanInfo, toPlanToConfirm } from './views.js';

/** Remote alarm: plans, lines, call numbers, activation, acknowledgement and simulated alerting. */
export function createRemoteAlarmService(deps: RemoteAlarmServiceDeps): RemoteAlarmService {
  const now = deps.now ?? Date.now;
  const repo = createRemoteAlarmRepository(deps.store.db, deps.store.dialect);
  const serial = createSerial();
  const planListeners = createListeners<readonly AlarmPlanInfo[]>();
  const lineListeners = createListeners<readonly AlarmLineInfo[]>();
  const canAckPlan = deps.canAckPlan ?? deps.canEditPlan;
  let plans: StoredPlan[] = [];
  let byKey = new Map<string, StoredPlan>();
  let groups = new Map<number, AlarmPvGroup>();
  let categories: AlarmCategory[] = [];
  let sequencer: ReturnType<typeof createAlarmSequencer> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  const canEditCallNumbers =
    deps.canEditCallNumbers ?? ((actor: Actor) => plans.some((p) => deps.canEditPlan(actor, p)));
  const numbers = createCallNumberCommands({
    repo,
    store: deps.store,
    now,
    canEdit: (a) => canEditCallNumbers(a),
  });

  const running = () => {
    if (!sequencer) throw new Error('the remote alarm is not started');
    return sequencer;
  };
  const setPlans = (list: StoredPlan[]) => {
    plans = list;
    byKey = new Map(list.map((p) => [planKey(p), p]));
  };
  /** Persists and announces what changed; on a store failure memory is reloaded from the store. */
  const commit = async (changes: SequenceChanges) => {
    if (changes.plans.size > 0) {
      try {
        await repo.savePlans([...changes.plans], now());
      } catch (error) {
        setPlans(await repo.plans());
        throw error;
      }
      planListeners.emit([...changes.plans].map(toPlanInfo));
    }
    if (changes.lines.size > 0) lineListeners.emit([...changes.lines].map(toLineInfo));
  };
  const noChanges = (): SequenceChanges => ({ plans: new Set(), lines: new Set() });
  const audit = (
    actor: Actor,
    action: string,
    plan: StoredPlan,
    oldValue: string,
    newValue: string,
    detail?: Record<string, unknown>,
  ) =>
    deps.store.audit.append({
      at: now(),
      userId: actor.userId,
      username: actor.username,
      action,
      object: `plan ${planKey(plan)} ${plan.planname}`,
      oldValue,
      newValue,
      detail: detail ?? null,
    });

  const applyActive = (
    actor: Actor,
    refs: readonly AlarmPlanRef[],
    decide: (plan: StoredPlan, i: number) => boolean,
  ) =>
    serial(async () => {
      const resolved = resolvePlans(refs, byKey, (ref) => deps.canEditPlan(actor, ref));
      if (!resolved.ok) return resolved.reply;
      const changes = noChanges();
      const changed: { plan: StoredPlan; old: boolean }[] = [];
      resolved.plans.forEach((plan, i) => {
        const next = decide(plan, i);
        if (next === plan.active) return;
        changed.push({ plan, old: plan.active });
        plan.active = next;
        changes.plans.add(plan);
        if (!next) running().halt(plan, changes);
      });
      await commit(changes);
      for (const { plan, old } of changed)
        await audit(actor, 'remoteAlarm.setPlanActive', plan, String(old), String(plan.active));
      return succeeded();
    });

  const service: RemoteAlarmService = {
    async start() {
      if (sequencer) return;
      const content = deps.content ?? EMPTY_REMOTE_ALARM;
      checkRemoteAlarmContent(
        content,
        new Set(deps.plant.stations().map((s) => s.stationNumber)),
        'remote-alarm.json',
      );
      await serial(async () => {
        if (await repo.isEmpty()) await repo.seed(remoteAlarmSeed(content), now());
        setPlans(await repo.plans());
        groups = new Map((await repo.pvGroups()).map((g) => [g.id, g]));
        categories = await repo.categories();
        await numbers.load();
        sequencer = createAlarmSequencer({
          lines: await repo.lines(),
          random: deps.random ?? Math.random,
          timing: { ...DEFAULT_SEQUENCE_TIMING, ...deps.timing },
          callNumbers: numbers.byId,
        });
      });
      if (deps.autoTick ?? true) {
        timer = setInterval(
          () => void service.tick().catch((e: unknown) => process.emitWarning(String(e))),
          deps.tickMs ?? 1000,
        );
        timer.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await serial(async () => undefined);
    },
    async plans(actor) {
      const list = await numbers.list();
      return {
        alarmPlans: plans.map((p) => toPlanConfig(p, deps.canEditPlan(actor, p))),
        alarmCallnumbers: list,
        categories: [...categories],
        pvGroups: [...groups.values()],
      };
    },
    planInfos: () => plans.map(toPlanInfo),
    lineInfos: () => (sequencer ? sequencer.lines().map(toLineInfo) : []),
    activationList: async (actor) => plans.map((p) => toActivation(p, groups, deps.canEditPlan(actor, p))),
    setPlansActive: (actor, entries) => {
      // screens §4: activation changes only where currentUserCanEdit (checked per plan in applyActive).
      const wanted = new Map(entries.map((e) => [planKey(e), e.active]));
      if (entries.some((e) => typeof e.active !== 'boolean'))
        return Promise.resolve(failed('Aktivierung fehlt.'));
      return applyActive(actor, entries, (plan) => wanted.get(planKey(plan)) ?? plan.active);
    },
    togglePlans: (actor, entries) => {
      if (entries.some((e) => ![0, 1, 2].includes(e.default))) {
        return Promise.resolve(failed('default muss 0, 1 oder 2 sein.'));
      }
      const refs = entries.map((e) => ({ station: e.station, planNumber: e.faplan }));
      const wanted = new Map(
        entries.map((e) => [planKey({ station: e.station, planNumber: e.faplan }), e.default]),
      );
      return applyActive(actor, refs, (plan) =>
        resolvePlanDefault(wanted.get(planKey(plan)) ?? 1, plan.active),
      );
    },
    plansToConfirm: async (actor) =>
      plans.filter((p) => p.pending.length > 0).map((p) => toPlanToConfirm(p, canAckPlan(actor, p))),
    ackPlans: (actor, refs, ackNonSent) =>
      serial(async () => {
        if (typeof ackNonSent !== 'boolean') return failed('ackNonSent fehlt.');
        const resolved = resolvePlans(refs, byKey, (ref) => canAckPlan(actor, ref));
        if (!resolved.ok) return resolved.reply;
        const changes = noChanges();
        const done = resolved.plans.map((plan) => {
          const before = plan.pending.length;
          const acknowledged = running().acknowledge(plan, ackNonSent, now(), changes);
          return { plan, before, acknowledged };
        });
        // What remains unsent is alerted at once, as a new alert would be.
        const stepped = running().step(plans, now());
        changes.plans = new Set([...changes.plans, ...resolved.plans, ...stepped.plans]);
        changes.lines = new Set([...changes.lines, ...stepped.lines]);
        await commit(changes);
        for (const { plan, before, acknowledged } of done) {
          await audit(actor, 'remoteAlarm.ackPlan', plan, String(before), String(plan.pending.length), {
            ackNonSent,
            acknowledged,
          });
        }
        return succeeded();
      }),
    callNumbers: async () => ({ alarmCallnumbers: await numbers.list(), categories: [...categories] }),
    setCallNumbers: (actor, inputs) =>
      serial(() => numbers.save(actor, inputs, new Set(categories.map((c) => c.id)))),
    setCallNumberStates: (actor, states) => serial(() => numbers.setStates(actor, states)),
    onAlarm: (station, priority) =>
      serial(async () => {
        if (!Number.isInteger(station) || !Number.isInteger(priority)) return [];
        const seq = running();
        const at = now();
        const alerting = plans.filter((p) => p.station === station && seq.alarm(p, priority, at));
        const changes = seq.step(plans, at);
        for (const plan of alerting) changes.plans.add(plan);
        await commit(changes);
        return alerting.map((p) => ({ station: p.station, planNumber: p.planNumber }));
      }),
    tick: () =>
      serial(async () => {
        if (sequencer) await commit(sequencer.step(plans, now()));
      }),
    onPlanInfo: (listener) => planListeners.add(listener),
    onLineInfo: (listener) => lineListeners.add(listener),
  };
  return service;
}
