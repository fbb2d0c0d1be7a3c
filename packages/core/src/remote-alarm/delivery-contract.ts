import { Type, type Static } from 'typebox';
import { literalUnion } from '../contract/common.js';
import { ALARM_PLAN_MEMBER_SLOTS } from './constants.js';
import { REMOTE_ALERT_REQUEST_MAX } from './contract-calls.js';
import { ALARM_CHANNELS } from './recipient-address.js';

const closed = { additionalProperties: false } as const;
const CallNumberId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** One plan's member slots in alerting order (screens §9: 20 slots), a call number id or empty. */
export const PlanRecipientsEntrySchema = Type.Object(
  {
    station: Type.Integer({ minimum: 1, maximum: 999_999 }),
    planNumber: Type.Integer({ minimum: 1, maximum: 9999 }),
    recipients: Type.Array(Type.Union([CallNumberId, Type.Null()]), { maxItems: ALARM_PLAN_MEMBER_SLOTS }),
  },
  closed,
);
export type PlanRecipientsEntry = Static<typeof PlanRecipientsEntrySchema>;

/** POST /api/RemoteAlert/planrecipients body: the numbers at each position of plans. */
export const PlanRecipientsRequestSchema = Type.Array(PlanRecipientsEntrySchema, {
  maxItems: REMOTE_ALERT_REQUEST_MAX,
});
export type PlanRecipientsRequest = Static<typeof PlanRecipientsRequestSchema>;

/** A confirmation token as links, pushes and webhooks carry it. */
const Token = Type.String({ minLength: 1, maxLength: 512, pattern: '^[A-Za-z0-9._-]+$' });

/** Query of GET /api/RemoteAlert/confirmation. */
export const ConfirmationQuerySchema = Type.Object({ token: Token }, closed);

/** POST /api/RemoteAlert/confirmation body. */
export const ConfirmationRequestSchema = Type.Object({ token: Token }, closed);
export type ConfirmationRequest = Static<typeof ConfirmationRequestSchema>;

/** Where a confirmation stands: open to confirm, done, past its time, or not one of ours. */
export const CONFIRMATION_STATES = ['open', 'confirmed', 'expired', 'invalid'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

/** What a recipient sees before confirming (nothing of it when the token is invalid). */
export const ConfirmationInfoSchema = Type.Object({
  state: literalUnion(CONFIRMATION_STATES),
  planname: Type.String(),
  stationName: Type.String(),
  recipientName: Type.String(),
  channel: Type.Union([literalUnion(ALARM_CHANNELS), Type.Null()]),
  messages: Type.Array(Type.Object({ priority: Type.Integer(), at: Type.Number(), text: Type.String() })),
  expiresAt: Type.Union([Type.Number(), Type.Null()]),
  confirmedAt: Type.Union([Type.Number(), Type.Null()]),
  /** The plant's time zone, to show the messages' times as the plant does. */
  timeZone: Type.String(),
});
export type ConfirmationInfo = Static<typeof ConfirmationInfoSchema>;

/** Reply of a confirmation: Success, or Failed with the state that refused it. */
export const ConfirmationReplySchema = Type.Object({
  status: literalUnion(['Success', 'Failed'] as const),
  state: literalUnion(CONFIRMATION_STATES),
  /** Messages the confirmation acknowledged (0 when others had confirmed them already). */
  confirmedMessages: Type.Integer(),
});
export type ConfirmationReply = Static<typeof ConfirmationReplySchema>;

/** POST /api/RemoteAlert/sms-reply: an SMS the gateway received (its webhook). */
export const SmsReplyRequestSchema = Type.Object(
  {
    from: Type.String({ minLength: 1, maxLength: 32 }),
    text: Type.String({ maxLength: 1600 }),
  },
  closed,
);
export type SmsReplyRequest = Static<typeof SmsReplyRequestSchema>;

/** Reply to the gateway: whether the SMS confirmed an alarm. */
export const SmsReplyReplySchema = Type.Object({
  status: literalUnion(['Success', 'Failed'] as const),
  confirmedMessages: Type.Integer(),
});
export type SmsReplyReply = Static<typeof SmsReplyReplySchema>;
