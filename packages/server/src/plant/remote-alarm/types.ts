import type {
  ActivatePlanData,
  AlarmChannel,
  ConfirmationInfo,
  ConfirmationReply,
  PlanRecipientsEntry,
  SmsReplyReply,
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
import type { DeliveryChannel, DeliveryConfig } from './delivery/index.js';

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
  /** Whether the actor may see this plan (its station); default yes. */
  canReadPlan?(actor: Actor, ref: AlarmPlanRef): boolean;
  /** Whether the actor may edit call numbers; default: may edit at least one plan. */
  canEditCallNumbers?(actor: Actor): boolean;
  now?: () => number;
  /** Random source of the alerting simulation; default Math.random. */
  random?: () => number;
  timing?: Partial<SequenceTiming>;
  /** The channels besides voice and the public URL for confirmation links; default none. */
  delivery?: DeliveryConfig;
  /** Channels to use instead of those the delivery config sets up (tests). */
  channels?: ReadonlyMap<AlarmChannel, DeliveryChannel>;
  /** Advance the alerting on a timer after start(); false leaves tick() to the caller. Default true. */
  autoTick?: boolean;
  tickMs?: number;
}

/** The escalation engine: advances the alerting and hands deliveries to their channels. */
export interface EscalationControl {
  start(): void;
  /** Stops it; deliveries under way are waited for and their outcome stored. */
  stop(): Promise<void>;
  /** Resolves once the deliveries under way are answered. */
  settled(): Promise<void>;
}

export interface RemoteAlarmService {
  /** Loads the state (seeding an empty store) and, with autoTick, starts the escalation. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** With several server processes exactly one runs it (start() runs it unless autoTick is false). */
  escalation: EscalationControl;
  /** Country whose national format phone numbers are read in. */
  dialCountry(): string;
  /** Channels this server delivers through: voice and those set up. */
  channels(): AlarmChannel[];
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
  /** Sets the call numbers at each position of plans (editCallNumbers and read on each plan). */
  setPlanRecipients(actor: Actor, entries: readonly PlanRecipientsEntry[]): Promise<PlansReply>;
  /** What a confirmation token confirms, for the recipient's page (nothing for an invalid one). */
  confirmationInfo(token: string): Promise<ConfirmationInfo>;
  /** Redeems a confirmation token (link, push action, webhook receiver). */
  confirm(token: string, via: string): Promise<ConfirmationReply>;
  /** An SMS reply the gateway passed on: the code in its text confirms if it came from that number. */
  smsReply(from: string, text: string): Promise<SmsReplyReply>;
  /**
   * Input from the alert engine: an alert of a priority came at a station, with its text.
   * Returns the plans that alert.
   */
  onAlarm(station: number, priority: number, text?: string): Promise<AlarmPlanRef[]>;
  /** Advances the simulated alerting to now(). */
  tick(): Promise<void>;
  onPlanInfo(listener: (plans: readonly AlarmPlanInfo[]) => void): () => void;
  onLineInfo(listener: (lines: readonly AlarmLineInfo[]) => void): () => void;
}
