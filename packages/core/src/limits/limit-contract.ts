import { Type, type Static } from 'typebox';
import { literalUnion, PvRefSchema, ReplyStatus } from '../contract/common.js';
import { LIMIT_TYPES } from './limit-types.js';

export const LimitTypeSchema = literalUnion(LIMIT_TYPES);

/** Limit config per PV (screens §3); the server refuses out-of-range values with the §5 texts. */
export const LimitConfigSchema = Type.Object(
  {
    pvLimitRef: Type.Object({ pv: PvRefSchema, limitType: LimitTypeSchema }, { additionalProperties: false }),
    limit: Type.Number(),
    priority: Type.Integer(),
    delayTime: Type.Integer(),
    description: Type.String({ maxLength: 200 }),
    message: Type.String({ maxLength: 200 }),
    notSet: Type.Boolean(),
  },
  { additionalProperties: false },
);

/** POST /api/Pv/AnaIn/set-limits body: the limits to change (any PVs, any limit types). */
export const SetLimitsRequestSchema = Type.Array(LimitConfigSchema, { maxItems: 4096 });

/** A refused limit rule: catalogue key, placeholders, the text in German, and where it applies. */
export const LimitIssueSchema = Type.Object({
  pv: PvRefSchema,
  limitType: Type.Union([LimitTypeSchema, Type.Null()]),
  field: literalUnion(['limit', 'priority', 'delayTime'] as const),
  key: Type.String(),
  params: Type.Record(Type.String(), Type.Number()),
  text: Type.String(),
});
export type LimitIssueReply = Static<typeof LimitIssueSchema>;

/** Reply of set-limits and set-priorities: nothing is changed unless the status is Success. */
export const SetConfigReplySchema = Type.Object({
  status: ReplyStatus,
  errorMessage: Type.Union([Type.String(), Type.Null()]),
  issues: Type.Array(LimitIssueSchema),
  missingPvs: Type.Array(PvRefSchema),
  unauthorizedPvs: Type.Array(PvRefSchema),
});
export type SetConfigReply = Static<typeof SetConfigReplySchema>;

/** A digital-in priority entry of screens §3 "Action payloads": pv and priority (0–9). */
export const DigitalPriorityEntrySchema = Type.Object(
  { pv: PvRefSchema, priority: Type.Integer() },
  { additionalProperties: false },
);
export type DigitalPriorityEntry = Static<typeof DigitalPriorityEntrySchema>;

/** POST /api/Pv/DigiIn/set-priorities body. */
export const SetPrioritiesRequestSchema = Type.Array(DigitalPriorityEntrySchema, { maxItems: 4096 });
