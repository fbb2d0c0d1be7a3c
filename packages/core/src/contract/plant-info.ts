import { Type, type Static } from 'typebox';

/** GET /api/plant/info: the plant's metadata for "About this plant" (screens §2) and the product version. */
export const PlantInfoReplySchema = Type.Object({
  /** The plant ID, e.g. `ZVWA-TALAUE`. */
  id: Type.String(),
  name: Type.String(),
  operator: Type.String(),
  client: Type.String(),
  provider: Type.String(),
  company: Type.String(),
  publicAuthority: Type.String(),
  /** IANA time zone the plant's days and reports are counted in. */
  timeZone: Type.String(),
  /** Version of the running product. */
  productVersion: Type.String(),
});
/** About this plant, as the server answers it. */
export type PlantInfoReply = Static<typeof PlantInfoReplySchema>;
