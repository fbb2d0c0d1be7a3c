import { Type, type Static } from 'typebox';
import { literalUnion, PvRefSchema } from '../contract/common.js';
import { LimitTypeSchema } from '../limits/limit-contract.js';
import { ALERT_STATES } from './alert-state.js';
import { ALERT_BINDING_KINDS } from './bindings.js';

export const AlertStateSchema = literalUnion(ALERT_STATES);
export const AlertBindingKindSchema = literalUnion(ALERT_BINDING_KINDS);

/** Who acknowledged: a user in the control room, the station's staff on site, or a priority-output acknowledgement. */
export const ACK_ORIGINS = ['user', 'field', 'priorityOutput'] as const;
export type AckOrigin = (typeof ACK_ORIGINS)[number];

/** An alert (calls §3 Alert) with everything the alert list shows. */
export const AlertSchema = Type.Object({
  id: Type.Integer(),
  /** The condition that raised it: `AnaIn-100010/ogw`, `DigiIn-100021`, `station/8`. */
  source: Type.String(),
  bindingKind: AlertBindingKindSchema,
  bindingKey: Type.String(),
  pv: Type.Union([PvRefSchema, Type.Null()]),
  station: Type.Union([Type.Integer(), Type.Null()]),
  limitType: Type.Union([LimitTypeSchema, Type.Null()]),
  priority: Type.Integer({ minimum: 0, maximum: 9 }),
  /** The alert text (the configured message). */
  message: Type.String(),
  /** What raised it, e.g. the PV's description. */
  description: Type.String(),
  /** The value that raised it (analog value, 1 for digital inputs, the failure state). */
  value: Type.Union([Type.Number(), Type.Null()]),
  /** The limit that was violated (analog limits only). */
  limit: Type.Union([Type.Number(), Type.Null()]),
  state: AlertStateSchema,
  active: Type.Boolean(),
  pending: Type.Boolean(),
  comingAt: Type.Number(),
  goingAt: Type.Union([Type.Number(), Type.Null()]),
  acknowledgedAt: Type.Union([Type.Number(), Type.Null()]),
  acknowledgedBy: Type.Union([Type.String(), Type.Null()]),
  ackOrigin: Type.Union([literalUnion(ACK_ORIGINS), Type.Null()]),
});
export type Alert = Static<typeof AlertSchema>;

/** GET /api/alerts reply: newest first, at most `limit`, and how many the range holds in all. */
export const AlertsReplySchema = Type.Object({
  alerts: Type.Array(AlertSchema),
  /** Alerts in the range; total − alerts.length were not loaded (screens §8 "remaining number"). */
  total: Type.Integer(),
});
export type AlertsReply = Static<typeof AlertsReplySchema>;

/** POST /api/alerts/ack body: the alerts to acknowledge (by id). */
export const AlertIdsSchema = Type.Array(Type.Object({ id: Type.Integer({ minimum: 1 }) }), {
  maxItems: 10_000,
});

/** Reply of ack and ack-all: the alerts that were acknowledged by this call. */
export const AckAlertsReplySchema = Type.Object({
  status: literalUnion(['Success', 'Failed', 'Unauthorized'] as const),
  errorMessage: Type.Union([Type.String(), Type.Null()]),
  acknowledged: Type.Array(AlertSchema),
});
export type AckAlertsReply = Static<typeof AckAlertsReplySchema>;

/** DELETE /api/alerts reply: the deleted alerts, each with id. */
export const DeletedAlertsReplySchema = Type.Array(Type.Object({ id: Type.Integer() }));

/** newPendingAlerts item: the acknowledgement state of one binding (0 none, 1 pending, 2 acknowledged). */
export const PendingAlertStateSchema = Type.Object({
  kind: AlertBindingKindSchema,
  key: Type.String(),
  ackState: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
});
