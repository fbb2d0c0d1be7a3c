import { Type, type Static } from 'typebox';
import { TextMessageEntrySchema } from './contract-misc.js';

/** Most text messages one get or set request may name. */
export const TEXT_MESSAGE_REQUEST_MAX = 1024;

/** Name of a process image: lower-case letters, digits and '-' (as a station's processImage). */
export const PROCESS_IMAGE_NAME_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$';

/** One process image of GET /api/visualization/processImages: name, title, station, bound PVs. */
export const ProcessImageInfoSchema = Type.Object({
  name: Type.String({ pattern: PROCESS_IMAGE_NAME_PATTERN }),
  title: Type.String(),
  stationNumber: Type.Union([Type.Integer(), Type.Null()]),
  /** PV keys ("Type-nr") the image binds live. */
  pvs: Type.Array(Type.String()),
});
export type ProcessImageInfo = Static<typeof ProcessImageInfoSchema>;

/** POST /api/visualization/getTextMessages body: the ids of the texts. */
export const GetTextMessagesRequestSchema = Type.Array(Type.Integer({ minimum: 1 }), {
  maxItems: TEXT_MESSAGE_REQUEST_MAX,
});
export type GetTextMessagesRequest = Static<typeof GetTextMessagesRequestSchema>;

/** POST /api/visualization/setTextMessages body: text entries (textId, targetValue). */
export const SetTextMessagesRequestSchema = Type.Array(TextMessageEntrySchema, {
  maxItems: TEXT_MESSAGE_REQUEST_MAX,
});
export type SetTextMessagesRequest = Static<typeof SetTextMessagesRequestSchema>;
