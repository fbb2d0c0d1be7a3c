import { Type, type Static } from 'typebox';
import { literalUnion } from '../contract/common.js';
import { TILED_MAP_TYPES } from './dashboard-constants.js';

/** One map type's tiles as the browser loads them: a URL template and the zoom levels it has. */
export const MapTileLayerSchema = Type.Object(
  {
    mapType: literalUnion(TILED_MAP_TYPES),
    /** {z}/{x}/{y} template: the server's own tile route for a local file, else the configured URL. */
    url: Type.String(),
    minZoom: Type.Integer({ minimum: 0, maximum: 30 }),
    maxZoom: Type.Integer({ minimum: 0, maximum: 30 }),
  },
  { additionalProperties: false },
);
export type MapTileLayer = Static<typeof MapTileLayerSchema>;

/** GET /api/dashboard/map-tiles: the configured map types; none means schematic maps. */
export const MapTileLayersSchema = Type.Object(
  { layers: Type.Array(MapTileLayerSchema) },
  { additionalProperties: false },
);
export type MapTileLayers = Static<typeof MapTileLayersSchema>;
