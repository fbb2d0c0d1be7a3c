import { Type, type Static } from 'typebox';
import { PV_TYPES } from '../pv/pv-ref.js';
import { QUALITIES, RUNTIME_TYPES } from '../pv/pv-value.js';

/** A union of string literals, as TypeBox wants it. */
export function literalUnion<const T extends readonly string[]>(values: T) {
  return Type.Union(values.map((v) => Type.Literal(v))) as unknown as ReturnType<
    typeof Type.Unsafe<T[number]>
  >;
}

/** Reply status of every write call (calls §3 common failed-reply shape). */
export const ReplyStatus = literalUnion(['Success', 'Failed', 'Unauthorized'] as const);
export type ReplyStatus = Static<typeof ReplyStatus>;

/** Error reply of every route: a stable code for the client's catalogue and a readable message. */
export const ErrorReply = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  code: Type.Optional(Type.String()),
  message: Type.String(),
});
export type ErrorReply = Static<typeof ErrorReply>;

export const PvTypeSchema = literalUnion(PV_TYPES);
export const QualitySchema = literalUnion(QUALITIES);
export const RuntimeTypeSchema = literalUnion(RUNTIME_TYPES);

/** PV reference {type, nr} (screens §3). */
export const PvRefSchema = Type.Object(
  { type: PvTypeSchema, nr: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }) },
  { additionalProperties: false },
);
