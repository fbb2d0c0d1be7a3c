import { Type, type Static } from 'typebox';
import { literalUnion } from '../contract/common.js';
import { ALARM_CHANNELS } from './recipient-address.js';
import {
  ActivatePlanDataSchema,
  AlarmCallNumberSchema,
  AlarmCategorySchema,
  AlarmPlanRefSchema,
  CallNumberInputSchema,
  CallNumberStateSchema,
  PlanActiveEntrySchema,
  PlanToggleEntrySchema,
} from './contract.js';

/** Most plans, lines or call numbers one remote-alert request may name. */
export const REMOTE_ALERT_REQUEST_MAX = 1024;

/** POST /api/RemoteAlert body: the plans to switch on or off. */
export const SetPlansActiveRequestSchema = Type.Array(PlanActiveEntrySchema, {
  maxItems: REMOTE_ALERT_REQUEST_MAX,
});
export type SetPlansActiveRequest = Static<typeof SetPlansActiveRequestSchema>;

/** Body of POST /api/RemoteAlert/toggle-plans: plan entries of a visualisation action. */
export const TogglePlansRequestSchema = Type.Array(PlanToggleEntrySchema, {
  minItems: 1,
  maxItems: REMOTE_ALERT_REQUEST_MAX,
});
export type TogglePlansRequest = Static<typeof TogglePlansRequestSchema>;

/** POST /api/RemoteAlert/ack-plans body: the plans whose messages are acknowledged. */
export const AckPlansRequestSchema = Type.Array(AlarmPlanRefSchema, { maxItems: REMOTE_ALERT_REQUEST_MAX });
export type AckPlansRequest = Static<typeof AckPlansRequestSchema>;

/** POST /api/RemoteAlert/ack-plans query: with ackNonSent also the messages no call has carried yet. */
export const AckPlansQuerySchema = Type.Object(
  { ackNonSent: Type.Boolean() },
  { additionalProperties: false },
);
export type AckPlansQuery = Static<typeof AckPlansQuerySchema>;

/** GET /api/RemoteAlert/alarmnumbers: call numbers and categories for the edit page. */
export const AlarmNumbersReplySchema = Type.Object({
  alarmCallnumbers: Type.Array(AlarmCallNumberSchema),
  categories: Type.Array(AlarmCategorySchema),
  currentUserCanEdit: Type.Boolean(),
  /** Country whose national format phone numbers are read in (ISO 3166-1, e.g. "DE"). */
  dialCountry: Type.String(),
  /** The channels this server can deliver through (voice always; the others when set up). */
  channels: Type.Array(literalUnion(ALARM_CHANNELS)),
});
export type AlarmNumbersReply = Static<typeof AlarmNumbersReplySchema>;

/**
 * GET /api/RemoteAlert/alarmnumbers4activation: what the activation page switches, the call
 * numbers (setalarmnumbersstate) and the readable plans (POST /api/RemoteAlert).
 */
export const AlarmNumbersForActivationReplySchema = Type.Object({
  alarmCallnumbers: Type.Array(AlarmCallNumberSchema),
  categories: Type.Array(AlarmCategorySchema),
  plans: Type.Array(ActivatePlanDataSchema),
  /** May the user switch call numbers (the plans carry their own flag). */
  currentUserCanEdit: Type.Boolean(),
});
export type AlarmNumbersForActivationReply = Static<typeof AlarmNumbersForActivationReplySchema>;

/** POST /api/RemoteAlert/alarmnumbers body: call numbers to save (without id: new). */
export const SaveCallNumbersRequestSchema = Type.Array(CallNumberInputSchema, {
  maxItems: REMOTE_ALERT_REQUEST_MAX,
});
export type SaveCallNumbersRequest = Static<typeof SaveCallNumbersRequestSchema>;

/** POST /api/RemoteAlert/setalarmnumbersstate body: activation states of call numbers. */
export const CallNumberStatesRequestSchema = Type.Array(CallNumberStateSchema, {
  maxItems: REMOTE_ALERT_REQUEST_MAX,
});
export type CallNumberStatesRequest = Static<typeof CallNumberStatesRequestSchema>;
