import type {
  ActivatePlanData,
  AlarmCallNumber,
  AlarmCategory,
  AlarmLineInfo,
  AlarmPlanInfo,
  AlarmPlanRef,
  CallNumberInput,
  CallNumbersReply,
  CallNumberState,
  PlanActiveEntry,
  PlansReply,
  PlanToConfirm,
  PlanToggleEntry,
  RemoteAlertPlansReply,
} from '@leitwarte/core';
import type { SessionPrincipal } from '../../auth/session-gate.js';
import type { Store } from '../../store/index.js';
import type { Plant } from '../plant.js';
import type { SequenceTiming } from './alarm-sequence.js';
import type { RemoteAlarmContent } from './content.js';

/** Who acts: the session's user (rights are decided per plan by the callbacks). */
export type Actor = Pick<SessionPrincipal, 'userId' | 'username' | 'role'>;

export interface RemoteAlarmServiceDeps {
  store: Store;
  plant: Plant;
  /** What an empty store starts with (remote-alarm.json); default none. */
  content?: RemoteAlarmContent;
  /** Whether the actor may switch this plan on or off (the rights model plugs in here). */
  canEditPlan(actor: Actor, ref: AlarmPlanRef): boolean;
  /** Whether the actor may acknowledge this plan's messages; default canEditPlan. */
  canAckPlan?(actor: Actor, ref: AlarmPlanRef): boolean;
  /** Whether the actor may edit call numbers; default: may edit at least one plan. */
  canEditCallNumbers?(actor: Actor): boolean;
  now?: () => number;
  /** Random source of the alerting simulation; default Math.random. */
  random?: () => number;
  timing?: Partial<SequenceTiming>;
  /** Advance the alerting on a timer after start(); false leaves tick() to the caller. Default true. */
  autoTick?: boolean;
  tickMs?: number;
}

export interface RemoteAlarmService {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Remote alert plans with call numbers, categories and PV groups (calls §3). */
  plans(actor: Actor): Promise<RemoteAlertPlansReply>;
  planInfos(): AlarmPlanInfo[];
  lineInfos(): AlarmLineInfo[];
  /** Plans for the activation page (screens §3 "Activate-plan data"). */
  activationList(actor: Actor): Promise<ActivatePlanData[]>;
  setPlansActive(actor: Actor, entries: readonly PlanActiveEntry[]): Promise<PlansReply>;
  /** Visualisation plan action: default 0 off, 1 on, 2 toggle (screens §3). */
  togglePlans(actor: Actor, entries: readonly PlanToggleEntry[]): Promise<PlansReply>;
  plansToConfirm(actor: Actor): Promise<PlanToConfirm[]>;
  /** Acknowledges the sent messages of plans; with ackNonSent also those not yet sent. */
  ackPlans(actor: Actor, refs: readonly AlarmPlanRef[], ackNonSent: boolean): Promise<PlansReply>;
  callNumbers(): Promise<{ alarmCallnumbers: AlarmCallNumber[]; categories: AlarmCategory[] }>;
  setCallNumbers(actor: Actor, inputs: readonly CallNumberInput[]): Promise<CallNumbersReply>;
  setCallNumberStates(actor: Actor, states: readonly CallNumberState[]): Promise<CallNumbersReply>;
  /** Input from the alert engine: an alert of a priority came at a station. Returns the plans that alert. */
  onAlarm(station: number, priority: number): Promise<AlarmPlanRef[]>;
  /** Advances the simulated alerting to now(). */
  tick(): Promise<void>;
  onPlanInfo(listener: (plans: readonly AlarmPlanInfo[]) => void): () => void;
  onLineInfo(listener: (lines: readonly AlarmLineInfo[]) => void): () => void;
}
