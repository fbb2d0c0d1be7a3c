import {
  ALARM_CHANNELS,
  planKey,
  resolvePlanDefault,
  type AlarmCategory,
  type AlarmLineInfo,
  type AlarmPlanInfo,
  type AlarmPlanRef,
  type AlarmPvGroup,
} from '@leitwarte/core';
import type { Transaction } from 'kysely';
import { isFencedOut } from '../../store/index.js';
import type { Database } from '../../store/schema.js';
import { createRemoteAlarmRepository, savePlansIn, type StoredPlan } from '../../store/remote-alarm/index.js';
import { createListeners } from '../listeners.js';
import {
  createAlarmSequencer,
  DEFAULT_SEQUENCE_TIMING,
  noChanges,
  type SequenceChanges,
} from './alarm-sequence.js';
import { createCallNumberCommands } from './call-number-commands.js';
import { createConfirmCommands } from './confirm-commands.js';
import { createConfirmations } from './confirmations.js';
import { checkRemoteAlarmContent, deliverySettings, EMPTY_REMOTE_ALARM, remoteAlarmSeed } from './content.js';
import { createDeliveryChannels, NO_DELIVERY } from './delivery/index.js';
import { createEscalationRunner } from './escalation-runner.js';
import { createPlanRecipientCommands } from './plan-recipients.js';
import { failed, resolvePlans, succeeded } from './plan-refs.js';
import { createSerial } from './serial.js';
import type { Actor, RemoteAlarmService, RemoteAlarmServiceDeps } from './types.js';
import { toActivation, toLineInfo, toPlanConfig, toPlanInfo, toPlanToConfirm } from './views.js';

/**
 * Remote alarm: plans, lines, call numbers, activation, acknowledgement, and the escalation that
 * alerts the recipients (voice calls over the alarm lines, e-mail, SMS, push, webhook).
 */
export function createRemoteAlarmService(deps: RemoteAlarmServiceDeps): RemoteAlarmService {
  const now = deps.now ?? Date.now;
  const content = deps.content ?? EMPTY_REMOTE_ALARM;
  const settings = deliverySettings(content);
  const delivery = deps.delivery ?? NO_DELIVERY;
  const channels = deps.channels ?? createDeliveryChannels(delivery, settings.country);
  const repo = createRemoteAlarmRepository(deps.store.db, deps.store.dialect);
  const serial = createSerial();
  const planListeners = createListeners<readonly AlarmPlanInfo[]>();
  const lineListeners = createListeners<readonly AlarmLineInfo[]>();
  const canAckPlan = deps.canAckPlan ?? deps.canEditPlan;
  const confirmations = createConfirmations({ store: deps.store, now, validMs: settings.linkValidMs });
  let plans: StoredPlan[] = [];
  let byKey = new Map<string, StoredPlan>();
  let groups = new Map<number, AlarmPvGroup>();
  let categories: AlarmCategory[] = [];
  let sequencer: ReturnType<typeof createAlarmSequencer> | null = null;
  const canEditCallNumbers =
    deps.canEditCallNumbers ?? ((actor: Actor) => plans.some((p) => deps.canEditPlan(actor, p)));
  const numbers = createCallNumberCommands({
    repo,
    store: deps.store,
    now,
    canEdit: (a) => canEditCallNumbers(a),
    country: settings.country,
  });

  const running = () => {
    if (!sequencer) throw new Error('the remote alarm is not started');
    return sequencer;
  };
  const setPlans = (list: StoredPlan[]) => {
    plans = list;
    byKey = new Map(list.map((p) => [planKey(p), p]));
  };
  /** Announces, audits and dispatches what changed (the plans are written already). */
  const announce = async (changes: SequenceChanges) => {
    if (changes.plans.size > 0) planListeners.emit([...changes.plans].map(toPlanInfo));
    if (changes.lines.size > 0) lineListeners.emit([...changes.lines].map(toLineInfo));
    await runner.record(changes.events);
    runner.dispatch(changes.sends);
  };
  /**
   * Persists, then announces; on a store failure memory is reloaded from the store. The
   * escalation state is the owner's: with several processes it is written under the fencing
   * token, and a former owner's is refused before anything is announced, audited or sent.
   */
  const commit = async (changes: SequenceChanges) => {
    if (changes.plans.size > 0) {
      try {
        await deps.store.fencedTransaction(
          (trx) => savePlansIn(trx, [...changes.plans], now()),
          'the remote-alarm escalation state',
        );
      } catch (error) {
        // Refused by the fence: this process stops its engines; the new owner has the state.
        if (isFencedOut(error)) throw error;
        setPlans(await repo.plans());
        throw error;
      }
    } else if (changes.sends.length > 0 || changes.events.length > 0) {
      await deps.store.fencedWrite(async () => undefined, 'the remote-alarm escalation state');
    }
    await announce(changes);
  };
  const tick = () =>
    serial(async () => {
      if (sequencer) await commit(sequencer.step(plans, now()));
    });
  const runner = createEscalationRunner({
    store: deps.store,
    plant: deps.plant,
    now,
    serial,
    sequencer: running,
    plan: (key) => byKey.get(key),
    callNumbers: () => numbers.byId(),
    channels,
    confirmations,
    publicUrl: delivery.publicUrl,
    commit,
    tick,
    tickMs: deps.tickMs ?? 1000,
  });
  const recipients = createPlanRecipientCommands({
    repo,
    byKey: () => byKey,
    numbers: () => numbers.byId(),
    now,
    audit: (actor, plan, oldValue, newValue) =>
      audit(actor, 'remoteAlarm.setPlanRecipients', plan, oldValue, newValue),
    announce: (changed) => planListeners.emit(changed.map(toPlanInfo)),
  });
  const confirm = createConfirmCommands({
    plant: deps.plant,
    now,
    serial,
    confirmations,
    sequencer: running,
    plan: (key) => byKey.get(key),
    announce,
    dialCountry: () => settings.country,
    // redeem runs it inside its own transaction.
    checkFence: (trx, what) => deps.store.checkFence(trx as Transaction<Database>, what),
  });
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
          timing: {
            ...DEFAULT_SEQUENCE_TIMING,
            pauseMs: settings.pauseMs,
            confirmMs: settings.confirmMs,
            retryTries: settings.retryTries,
            retryBackoffMs: settings.retryBackoffMs,
            ...deps.timing,
          },
          callNumbers: numbers.byId,
          channelReady: (channel) => channel === 'voice' || channels.has(channel),
        });
        sequencer.resume(plans);
        await confirmations.prune();
      });
      if (deps.autoTick ?? true) runner.start();
    },
    async stop() {
      await runner.stop();
      await serial(async () => undefined);
      for (const channel of channels.values()) channel.close();
    },
    escalation: { start: () => runner.start(), stop: () => runner.stop(), settled: () => runner.settled() },
    dialCountry: () => settings.country,
    channels: () => ALARM_CHANNELS.filter((c) => c === 'voice' || channels.has(c)),
    async plans(actor) {
      const list = await numbers.list();
      return {
        alarmPlans: plans.map((p) => toPlanConfig(p, deps.canEditPlan(actor, p))),
        alarmCallnumbers: list,
        categories: [...categories],
        pvGroups: [...groups.values()],
        alarmLines: (sequencer?.lines() ?? []).map(({ station, lineNumber, connectionType }) => ({
          station,
          lineNumber,
          connectionType,
        })),
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
        for (const plan of [...resolved.plans, ...stepped.plans]) changes.plans.add(plan);
        for (const line of stepped.lines) changes.lines.add(line);
        changes.events.push(...stepped.events);
        changes.sends.push(...stepped.sends);
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
    setPlanRecipients: (actor, entries) =>
      serial(() =>
        recipients.save(actor, entries, {
          mayEdit: canEditCallNumbers(actor),
          mayRead: (ref) => deps.canReadPlan?.(actor, ref) ?? true,
        }),
      ),
    confirmationInfo: (token) => confirm.info(token),
    confirm: (token, via) => confirm.confirm(token, via),
    smsReply: (from, text) => confirm.smsReply(from, text),
    onAlarm: (station, priority, text = '') =>
      serial(async () => {
        if (!Number.isInteger(station) || !Number.isInteger(priority)) return [];
        const seq = running();
        const at = now();
        const alerting = plans.filter((p) => p.station === station && seq.alarm(p, { priority, at, text }));
        const changes = seq.step(plans, at);
        for (const plan of alerting) changes.plans.add(plan);
        await commit(changes);
        return alerting.map((p) => ({ station: p.station, planNumber: p.planNumber }));
      }),
    tick,
    onPlanInfo: (listener) => planListeners.add(listener),
    onLineInfo: (listener) => lineListeners.add(listener),
  };
  return service;
}
