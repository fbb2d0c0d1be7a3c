import { readFileSync } from 'node:fs';
import { PlantInfoReplySchema, type PlantInfoReply } from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteOptions } from '../services.js';

// The same file the API documentation takes its version from (sources and build sit at the same depth).
const PRODUCT_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * About this plant: plant ID, name, operator, client, provider, company, public authority.
 * Every signed-in user may read it (the auth guard requires the session): it names the plant,
 * not any of its values.
 */
export const plantInfoRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  app.get(
    '/api/plant/info',
    {
      schema: {
        tags: ['plant'],
        summary: 'About this plant: its ID, names of operator, client, provider, company and authority',
        response: { 200: PlantInfoReplySchema },
      },
    },
    async (): Promise<PlantInfoReply> => {
      const { id, name, operator, client, provider, company, publicAuthority, timeZone } =
        services.plant.info;
      return {
        id,
        name,
        operator,
        client,
        provider,
        company,
        publicAuthority,
        timeZone,
        productVersion: PRODUCT_VERSION,
      };
    },
  );
};
