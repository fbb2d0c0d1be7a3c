import { Type, type Static } from 'typebox';
import { literalUnion, ReplyStatus } from '../contract/common.js';
import { TEXT_MESSAGE_MAX } from './constants.js';

/** Visualisation text message of screens §3. */
export const TextMessageSchema = Type.Object({ id: Type.Integer(), message: Type.String() });
export type TextMessage = Static<typeof TextMessageSchema>;

/** Text entry of a visualisation action (screens §3 "Action payloads"). */
export const TextMessageEntrySchema = Type.Object(
  {
    textId: Type.Integer({ minimum: 1 }),
    targetValue: Type.String({ maxLength: TEXT_MESSAGE_MAX * 4 }),
  },
  { additionalProperties: false },
);
export type TextMessageEntry = Static<typeof TextMessageEntrySchema>;

/** Reply of get and set text messages: status, message (calls §7 "Visualisation"). */
export const TextMessagesReplySchema = Type.Object({
  status: ReplyStatus,
  message: Type.Union([Type.String(), Type.Null()]),
  messages: Type.Array(TextMessageSchema),
  missingIds: Type.Array(Type.Integer()),
});
export type TextMessagesReply = Static<typeof TextMessagesReplySchema>;

/** States of a pipe-leakage measurement: the night minimum against the reference. */
export const PIPE_LEAKAGE_STATES = ['ok', 'warning', 'alarm', 'unknown'] as const;
/** One of the pipe-leakage measurement states. */
export type PipeLeakageState = (typeof PIPE_LEAKAGE_STATES)[number];

/** States of the night-minimum window. */
export const MIN_MAX_STATES = ['measuring', 'complete', 'noData'] as const;
/** One of the night-minimum window states. */
export type MinMaxState = (typeof MIN_MAX_STATES)[number];

/**
 * Pipe leakage config of screens §3. Times are milliseconds since the epoch; the client shows
 * them as dd.MM.yyyy HH:mm:ss (screens §9). measurementChange is in percent of the reference.
 */
export const PipeLeakageConfigSchema = Type.Object({
  pipeLeakageId: Type.Integer(),
  name: Type.String(),
  measurementChange: Type.Union([Type.Number(), Type.Null()]),
  measurementState: literalUnion(PIPE_LEAKAGE_STATES),
  minMaxBegin: Type.Number(),
  minMaxEnd: Type.Number(),
  minMaxState: literalUnion(MIN_MAX_STATES),
  minMaxValue: Type.Union([Type.Number(), Type.Null()]),
  referenceValue: Type.Number(),
  dimension: Type.String(),
  /** The station of the measured flow PV: a zone's monitor sits on the main feeding that station. */
  station: Type.Integer(),
  /** SD-card lifetime of the monitor's data logger in percent; null when the logger reports none. */
  sdCardLifetime: Type.Union([Type.Number(), Type.Null()]),
});
export type PipeLeakageConfig = Static<typeof PipeLeakageConfigSchema>;

/** Energy optimisation values of screens §3; powers in kW, times as named. */
export const EnergyOptValuesSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  station: Type.Integer(),
  timestamp: Type.Number(),
  chpActivePower: Type.Number(),
  chpMeanActivePower: Type.Number(),
  gridActivePower: Type.Number(),
  gridMeanActivePower: Type.Number(),
  correctivePower: Type.Number(),
  cosPhi: Type.Number(),
  utilityImpulse: Type.Boolean(),
  periodMaxPower: Type.Number(),
  idlePower: Type.Number(),
  /** Seconds to the end of the measuring period, shown as MM:SS (screens §9). */
  periodRestTime: Type.Integer(),
  priorityOperatedMinutes: Type.Number(),
  setpoint: Type.Number(),
  trendPower: Type.Number(),
});
export type EnergyOptValues = Static<typeof EnergyOptValuesSchema>;
