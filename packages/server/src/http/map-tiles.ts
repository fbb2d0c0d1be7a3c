import { ErrorReply, MapTileLayersSchema, TILED_MAP_TYPES } from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { openMapTiles } from '../plant/map-tiles/map-tiles.js';
import type { RouteOptions } from '../services.js';
import { requireRight } from './require-right.js';

const tags = ['dashboard'];
/** Tiles change only when the operator replaces the file: a day in the browser's own cache. */
const TILE_CACHE = 'private, max-age=86400';

/**
 * Map tiles of the dashboard maps (LEITWARTE_MAP_TILES): which map types have tiles and where,
 * and the tiles of local MBTiles/PMTiles files, since plant networks are often offline. Both
 * need a session with the read right, like the dashboards the maps are on.
 */
export const mapTileRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const tiles = await openMapTiles(services.config.mapTiles);
  app.addHook('onClose', () => tiles.close());

  app.get(
    '/api/dashboard/map-tiles',
    {
      preHandler: requireRight(services, 'read'),
      schema: {
        tags,
        summary: 'Map types with tiles, and their tile URL templates; none: the maps are schematic',
        response: { 200: MapTileLayersSchema, 403: ErrorReply },
      },
    },
    async () => ({ layers: tiles.layers }),
  );

  app.get(
    '/api/dashboard/map-tiles/:mapType/:z/:x/:y',
    {
      preHandler: requireRight(services, 'read'),
      schema: {
        tags,
        summary: 'A map tile from a local MBTiles or PMTiles file',
        params: Type.Object({
          mapType: Type.Union(TILED_MAP_TYPES.map((t) => Type.Literal(t))),
          z: Type.Integer({ minimum: 0, maximum: 30 }),
          x: Type.Integer({ minimum: 0, maximum: 2 ** 30 }),
          y: Type.Integer({ minimum: 0, maximum: 2 ** 30 }),
        }),
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
          403: ErrorReply,
          404: ErrorReply,
        },
      },
    },
    async (request, reply) => {
      const { mapType, z, x, y } = request.params;
      const tile = await tiles.tile(mapType, z, x, y);
      if (!tile)
        return reply.code(404).send({
          statusCode: 404,
          error: 'Not Found',
          code: 'notFound',
          message: `There is no ${mapType} tile ${z}/${x}/${y}.`,
        });
      return reply.header('Cache-Control', TILE_CACHE).type(tile.contentType).send(tile.data);
    },
  );
};
