import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { declarePublic } from './auth-guard.js';
import type { ServerPaths } from './server-paths.js';

/** The built web app: packages/web/dist, the same three levels up from src/http and dist/http. */
export const WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/**
 * Serves the web app: hashed assets cached for a year, index.html for every client route (the
 * router decides what exists; unknown pages show the app's own not-found screen). With
 * `precompressed`, a file's brotli or gzip twin made at build time (`x.js.br`, `x.js.gz`, see
 * the web app's vite.config.ts) is sent when the browser accepts it: no compression work per
 * request, and the strongest compression (brotli 11) for files sent a thousand times. Every
 * reply says `Vary: Accept-Encoding`, so a cache between keeps the variants apart.
 */
export const webAppRoutes: FastifyPluginAsync<{
  root?: string;
  precompressed?: boolean;
  serverPaths: ServerPaths;
}> = async (app, options) => {
  // The app's files are the same for everyone; what the app shows comes through the guarded API.
  declarePublic(app, 'web app files');
  const root = options.root ?? WEB_DIST;
  const built = fs.existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: options.precompressed ?? true,
      setHeaders(res, filePath) {
        res.setHeader(
          'Cache-Control',
          filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?', 1)[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || options.serverPaths.matches(urlPath)) {
      return reply
        .code(404)
        .send({ statusCode: 404, error: 'Not Found', message: `${request.method} ${urlPath}` });
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built: run "npm run build" (npm start does it).');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
};
