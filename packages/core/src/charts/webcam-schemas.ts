import { Type, type Static } from 'typebox';

/** One archived webcam image (calls §3 "Webcam image"): its file name and capture time. */
export const WebcamImageRefSchema = Type.Object({ fileName: Type.String(), timestamp: Type.Number() });
export type WebcamImageRef = Static<typeof WebcamImageRefSchema>;

/** A webcam as GET /api/webcam/{optional id} lists it: where it stands and its newest image. */
export const WebcamInfoSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  stationNumber: Type.Integer(),
  stationName: Type.String(),
  /** Images are taken this often (a real camera may take one every few seconds). */
  intervalMinutes: Type.Number(),
  newestImage: Type.Union([WebcamImageRefSchema, Type.Null()]),
  /** generated: drawn from the plant state (the demo); http: a real camera's snapshots. */
  source: Type.Union([Type.Literal('generated'), Type.Literal('http')]),
  /** Whether the camera answers; unknown until it was asked once. */
  status: Type.Union([Type.Literal('online'), Type.Literal('offline'), Type.Literal('unknown')]),
  /** Since when it does not answer; null while it does. */
  offlineSince: Type.Union([Type.Number(), Type.Null()]),
  /** Why its last snapshot failed; null after a success. */
  lastError: Type.Union([Type.String(), Type.Null()]),
});
export type WebcamInfo = Static<typeof WebcamInfoSchema>;

/** A time parameter of the webcam calls: milliseconds since the epoch or ISO 8601. */
const TimeText = Type.String({ minLength: 1, maxLength: 40 });

/** Query of GET /api/webcam/{id}/available-images. */
export const WebcamRangeQuerySchema = Type.Object({ from: TimeText, to: TimeText });
export type WebcamRangeQuery = Static<typeof WebcamRangeQuerySchema>;

/** Query of GET /api/webcam/{id}/current: the image shown now; without it the newest comes back. */
export const WebcamCurrentQuerySchema = Type.Object({
  currentFilename: Type.Optional(Type.String({ maxLength: 200 })),
});

/** Reply of GET /api/webcam/{id}/current: the newest image or the next newer one; null when none. */
export const WebcamCurrentReplySchema = Type.Union([WebcamImageRefSchema, Type.Null()]);
