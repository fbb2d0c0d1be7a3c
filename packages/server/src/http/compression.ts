import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { CHART_COLUMNS_TYPE } from '@leitwarte/core';

/** Replies smaller than this go out as they are: compressing them saves less than a packet. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Text, JSON, XML and the chart data columns (its time column compresses to a fraction). */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|javascript/;
const compressible = (type: string) => COMPRESSIBLE.test(type) || type.startsWith(CHART_COLUMNS_TYPE);

/**
 * Compression of replies (brotli, else gzip, as the client accepts) above a small threshold, by
 * @fastify/compress: API replies (a year chart as JSON is 2 MB) and whatever else is compressible
 * and not already compressed. The web app's files are compressed at build time and served as
 * such (web-app.ts), so they carry their Content-Encoding and pass through untouched; the live
 * channels' WebSocket frames are no replies and stay as they are (they are small). Brotli at
 * quality 4: about as fast as gzip at 6 and smaller; 11, zlib's default, costs ~50× the time.
 */
export const compression: FastifyPluginAsync = fp(async (app) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    customTypes: compressible,
  });
});
