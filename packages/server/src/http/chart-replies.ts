import type { ChartSeriesConfig } from '@leitwarte/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { visibleSeries } from '../plant/charts/chart-visibility.js';
import { InputRefusedError } from '../plant/charts/input-refused.js';
import type { Services } from '../services.js';
import { sessionOf } from './auth-guard.js';

const STATUS = { invalid: 400, forbidden: 403, 'not-found': 404 } as const;
const ERROR = { invalid: 'Bad Request', forbidden: 'Forbidden', 'not-found': 'Not Found' } as const;

/** Answers a refused input in the error shape of every route; other errors go on to Fastify. */
export function sendRefusal(reply: FastifyReply, error: unknown) {
  if (!(error instanceof InputRefusedError)) throw error;
  const statusCode = STATUS[error.code];
  return reply
    .code(statusCode)
    .send({ statusCode, error: ERROR[error.code], code: error.code, message: error.message });
}

/** 404 in the error shape of every route. */
export function sendNotFound(reply: FastifyReply, message: string) {
  return reply.code(404).send({ statusCode: 404, error: 'Not Found', code: 'not-found', message });
}

/** The series of a chart the caller may see; null when the chart is unknown or hidden from the caller. */
export async function seriesFor(
  services: Services,
  request: FastifyRequest,
  chartId: number,
): Promise<ChartSeriesConfig[] | null> {
  const all = await services.domain.charts.series(chartId);
  if (all === undefined) return null;
  const session = sessionOf(request);
  const seen = visibleSeries(all, (pv) => services.rights.canReadPv(session, pv));
  return seen.visible ? seen.series : null;
}
