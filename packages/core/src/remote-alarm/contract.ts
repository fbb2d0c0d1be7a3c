import { Type, type Static } from 'typebox';
import { literalUnion, ReplyStatus } from '../contract/common.js';
import { ALARM_CONNECTION_TYPES, ALARM_PLAN_MEMBER_SLOTS, ALARM_PLAN_PRIORITY_FLAGS } from './constants.js';
import { ALARM_CHANNELS, RECIPIENT_ADDRESS_MAX } from './recipient-address.js';

const Station = Type.Integer({ minimum: 1, maximum: 999999 });
const PlanNumber = Type.Integer({ minimum: 1, maximum: 9999 });

/** A plan is identified by station number plus plan number (calls §3 "Remote alert plans"). */
export const AlarmPlanRefSchema = Type.Object(
  { station: Station, planNumber: PlanNumber },
  { additionalProperties: false },
);
export type AlarmPlanRef = Static<typeof AlarmPlanRefSchema>;

/** Alarm line info of screens §3. */
export const AlarmLineInfoSchema = Type.Object({
  station: Type.Integer(),
  lineNumber: Type.Integer(),
  busy: Type.Boolean(),
  faulty: Type.Boolean(),
  connectionType: literalUnion(ALARM_CONNECTION_TYPES),
});
export type AlarmLineInfo = Static<typeof AlarmLineInfoSchema>;

/** How a plan's escalation stands with the recipient it is at. */
export const AlarmDeliveryStateSchema = Type.Object({
  callNumberId: Type.Integer(),
  channel: literalUnion(ALARM_CHANNELS),
  /** sending: handing it to the channel (retrying after failures); waiting: for the confirmation. */
  phase: literalUnion(['sending', 'waiting'] as const),
  /** Tries of this delivery so far (1 for the first). */
  tries: Type.Integer(),
  /** When the phase ends: the next try, or the end of the wait for a confirmation. */
  until: Type.Number(),
  /** Why the last try failed, as the channel said it; null after a success. */
  lastError: Type.Union([Type.String(), Type.Null()]),
});
export type AlarmDeliveryState = Static<typeof AlarmDeliveryStateSchema>;

/** Alarm plan info of screens §3, plus the catalogue key of its alerting state (null when idle). */
export const AlarmPlanInfoSchema = Type.Object({
  station: Type.Integer(),
  planNumber: Type.Integer(),
  planname: Type.String(),
  active: Type.Boolean(),
  groupname: Type.String(),
  /** Index = priority 0 to 9 (screens §9: at least 10 flags). */
  activePriorities: Type.Array(Type.Boolean(), { minItems: ALARM_PLAN_PRIORITY_FLAGS }),
  /** Member slots in alerting order; a call number id or null (screens §9: at least 20 slots). */
  recipients: Type.Array(Type.Union([Type.Integer(), Type.Null()]), { minItems: ALARM_PLAN_MEMBER_SLOTS }),
  alertingCount: Type.Integer(),
  alertingCountMax: Type.Integer(),
  callNumberChangeCount: Type.Integer(),
  callNumberChangeCountMax: Type.Integer(),
  undeliveredMessages: Type.Integer(),
  deliveredMessages: Type.Integer(),
  statusText: Type.Union([Type.String(), Type.Null()]),
  /** Notifications the channels took in this escalation (e-mails, SMS, pushes, webhooks, calls). */
  notificationsSent: Type.Integer(),
  /** Deliveries that failed in this escalation (each try; retried with backoff). */
  notificationsFailed: Type.Integer(),
  /** The recipient the escalation is at; null when the plan is not alerting. */
  delivery: Type.Union([AlarmDeliveryStateSchema, Type.Null()]),
});
export type AlarmPlanInfo = Static<typeof AlarmPlanInfoSchema>;

/** A call number of the remote alarm (calls §3 alarmCallnumbers). */
export const AlarmCallNumberSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  number: Type.String(),
  active: Type.Boolean(),
  categoryId: Type.Union([Type.Integer(), Type.Null()]),
  /** How the recipient is reached; `number` is the address on that channel. */
  channel: literalUnion(ALARM_CHANNELS),
});
export type AlarmCallNumber = Static<typeof AlarmCallNumberSchema>;

/** Category of call numbers (calls §3 categories). */
export const AlarmCategorySchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export type AlarmCategory = Static<typeof AlarmCategorySchema>;

/** PV group (PV area) of a station; its name is the plan's pvAreaName (calls §3 pvGroups). */
export const AlarmPvGroupSchema = Type.Object({
  id: Type.Integer(),
  station: Type.Integer(),
  name: Type.String(),
});
export type AlarmPvGroup = Static<typeof AlarmPvGroupSchema>;

/** Plan config of screens §3 (planname, active, currentUserCanEdit) with its reference and group. */
export const AlarmPlanConfigSchema = Type.Object({
  station: Type.Integer(),
  planNumber: Type.Integer(),
  planname: Type.String(),
  active: Type.Boolean(),
  groupname: Type.String(),
  pvGroupId: Type.Union([Type.Integer(), Type.Null()]),
  currentUserCanEdit: Type.Boolean(),
});
export type AlarmPlanConfig = Static<typeof AlarmPlanConfigSchema>;

/** An alarm line as configured (its live state comes with newLineInfo). */
export const AlarmLineConfigSchema = Type.Object({
  station: Type.Integer(),
  lineNumber: Type.Integer(),
  connectionType: literalUnion(ALARM_CONNECTION_TYPES),
});
export type AlarmLineConfig = Static<typeof AlarmLineConfigSchema>;

/**
 * GET remote alert plans: alarmPlans, alarmCallnumbers, categories, pvGroups (calls §3), and the
 * alarm lines of the same stations, so a screen knows which lines to subscribe to.
 */
export const RemoteAlertPlansReplySchema = Type.Object({
  alarmPlans: Type.Array(AlarmPlanConfigSchema),
  alarmCallnumbers: Type.Array(AlarmCallNumberSchema),
  categories: Type.Array(AlarmCategorySchema),
  pvGroups: Type.Array(AlarmPvGroupSchema),
  alarmLines: Type.Array(AlarmLineConfigSchema),
});
export type RemoteAlertPlansReply = Static<typeof RemoteAlertPlansReplySchema>;

/** Activate-plan data of screens §3. */
export const ActivatePlanDataSchema = Type.Object({
  plan: AlarmPlanRefSchema,
  planName: Type.String(),
  pvAreaName: Type.String(),
  isActive: Type.Boolean(),
  currentUserCanEdit: Type.Boolean(),
});
export type ActivatePlanData = Static<typeof ActivatePlanDataSchema>;

/** One entry of "set plans active". */
export const PlanActiveEntrySchema = Type.Object(
  { station: Station, planNumber: PlanNumber, active: Type.Boolean() },
  { additionalProperties: false },
);
export type PlanActiveEntry = Static<typeof PlanActiveEntrySchema>;

/** Plan entry of a visualisation action: station, faplan, default; 2 toggles (screens §3). */
export const PlanToggleEntrySchema = Type.Object(
  { station: Station, faplan: PlanNumber, default: Type.Integer({ minimum: 0, maximum: 2 }) },
  { additionalProperties: false },
);
export type PlanToggleEntry = Static<typeof PlanToggleEntrySchema>;

/** Reply of plan writes and plan acknowledgement (calls §3 common failed-reply shape). */
export const PlansReplySchema = Type.Object({
  status: ReplyStatus,
  errorMessage: Type.Union([Type.String(), Type.Null()]),
  unauthorizedPlans: Type.Array(AlarmPlanRefSchema),
  missingPlans: Type.Array(AlarmPlanRefSchema),
});
export type PlansReply = Static<typeof PlansReplySchema>;

/** A plan with messages waiting for acknowledgement. */
export const PlanToConfirmSchema = Type.Object({
  station: Type.Integer(),
  planNumber: Type.Integer(),
  planname: Type.String(),
  undeliveredMessages: Type.Integer(),
  /** Of those, the messages no call has carried yet (acknowledged only with ackNonSent). */
  unsentMessages: Type.Integer(),
  statusText: Type.Union([Type.String(), Type.Null()]),
  currentUserCanEdit: Type.Boolean(),
});
export type PlanToConfirm = Static<typeof PlanToConfirmSchema>;

/** A call number to save: without id it is created. */
export const CallNumberInputSchema = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    name: Type.String({ maxLength: 256 }),
    /** A phone number for voice and SMS, an e-mail address, a push topic or a webhook recipient id. */
    number: Type.String({ maxLength: RECIPIENT_ADDRESS_MAX }),
    active: Type.Boolean(),
    categoryId: Type.Union([Type.Integer({ minimum: 1, maximum: 999_999 }), Type.Null()]),
    /** Default voice (a call over the alarm lines). */
    channel: Type.Optional(literalUnion(ALARM_CHANNELS)),
  },
  { additionalProperties: false },
);
export type CallNumberInput = Static<typeof CallNumberInputSchema>;

/** Activation state of one call number (set alarm numbers state). */
export const CallNumberStateSchema = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), active: Type.Boolean() },
  { additionalProperties: false },
);
export type CallNumberState = Static<typeof CallNumberStateSchema>;

/** Reply of call-number writes. */
export const CallNumbersReplySchema = Type.Object({
  status: ReplyStatus,
  errorMessage: Type.Union([Type.String(), Type.Null()]),
  callNumbers: Type.Array(AlarmCallNumberSchema),
});
export type CallNumbersReply = Static<typeof CallNumbersReplySchema>;
