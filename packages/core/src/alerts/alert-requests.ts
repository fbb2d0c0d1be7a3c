import { Type, type Static } from 'typebox';
import { literalUnion, PvRefSchema } from '../contract/common.js';
import { SystemConfigSchema } from './system-contract.js';

/**
 * Hard upper bound of `limit` on the alert and control-event lists. A request may ask for at
 * most this many; the system settings' alertRequestLimit / eventRequestLimit (default 2000)
 * is both the default and the cap actually applied.
 */
export const LIST_LIMIT_MAX = 100_000;

/** A time in the list queries: milliseconds since the epoch or an ISO 8601 string. */
export const ListTimeParamSchema = Type.Union([
  Type.Integer({ minimum: 0 }),
  Type.String({ minLength: 1, maxLength: 40 }),
]);

/**
 * Query of GET /api/alerts, POST /api/alerts/bypvs and GET /api/controlevent/events. end
 * defaults to now, start to end minus the default alert range (screens §9: 7 days), limit to the
 * system settings' request limit.
 */
export const ListRangeQuerySchema = Type.Object({
  start: Type.Optional(ListTimeParamSchema),
  end: Type.Optional(ListTimeParamSchema),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX })),
});
export type ListRangeQuery = Static<typeof ListRangeQuerySchema>;

/** POST /api/alerts/bypvs body: the PVs whose alerts are wanted. */
export const AlertsByPvsRequestSchema = Type.Array(PvRefSchema, { maxItems: 1024 });

/** DELETE /api/alerts body: the alerts to delete (by id); only closed ones are deleted. */
export const DeleteAlertsRequestSchema = Type.Array(Type.Object({ id: Type.Integer({ minimum: 1 }) }), {
  maxItems: 10_000,
});

/** Text of screens §6 when the user may acknowledge none of the alerts asked for. */
export const NO_ACK_RIGHTS_MESSAGE = 'Der angemeldete Benutzer besitzt keine Rechte zum Quittieren.';

/** How many alerts or events of the range were not loaded (screens §8 "remaining number"). */
export function remainingCount(reply: { total: number }, loaded: number): number {
  return Math.max(0, reply.total - loaded);
}

/** PATCH /api/SystemConfig body: the parts to replace (at least one). */
export const SystemConfigPatchSchema = Type.Partial(SystemConfigSchema, {
  minProperties: 1,
  additionalProperties: false,
});
export type SystemConfigPatch = Static<typeof SystemConfigPatchSchema>;

/** Reply of a system configuration change: nothing is changed unless Success. */
export const SystemConfigUpdateReplySchema = Type.Object({
  status: literalUnion(['Success', 'Failed'] as const),
  errorMessage: Type.Union([Type.String(), Type.Null()]),
});
export type SystemConfigUpdateReply = Static<typeof SystemConfigUpdateReplySchema>;
