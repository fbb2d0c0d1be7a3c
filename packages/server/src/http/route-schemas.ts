import { Type } from 'typebox';

/** A numeric id in the path (`/…/{id}`). */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** The error reply of a refused change: a stable code for the catalogue and a readable message. */
export const RefusalReply = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  code: Type.String(),
  message: Type.String(),
});
