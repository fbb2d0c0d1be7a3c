import type { ListRangeQuery } from '@leitwarte/core';
import type { FastifyReply } from 'fastify';
import type { Services } from '../services.js';

const DAY_MS = 86_400_000;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A list time: milliseconds since the epoch or an ISO 8601 date (time); null when neither. */
export function parseListTime(value: number | string): number | null {
  if (typeof value === 'number') return value;
  const t = /^\d+$/.test(value) ? Number(value) : ISO_8601.test(value) ? Date.parse(value) : NaN;
  return Number.isSafeInteger(t) ? t : null;
}

/**
 * The range and limit of a list query: end defaults to now, start to end minus the default
 * alert range of the system settings, limit to the settings' request limit, which also caps it.
 * Null when a time is not one or start lies after end.
 */
export function listRange(
  services: Pick<Services, 'domain'>,
  query: ListRangeQuery,
  cap: 'alertRequestLimit' | 'eventRequestLimit',
): { start: number; end: number; limit: number } | null {
  const settings = services.domain.systemConfig.get().systemSettings;
  const end = query.end === undefined ? Date.now() : parseListTime(query.end);
  if (end === null) return null;
  const start =
    query.start === undefined ? end - settings.defaultAlertRangeDays * DAY_MS : parseListTime(query.start);
  if (start === null || start > end) return null;
  return { start, end, limit: Math.min(query.limit ?? settings[cap], settings[cap]) };
}

/** 400 for a list query whose range is no range. */
export function sendInvalidRange(reply: FastifyReply) {
  return reply.code(400).send({
    statusCode: 400,
    error: 'Bad Request',
    code: 'invalidRange',
    message: 'start and end must be times (ms or ISO 8601) with start not after end',
  });
}
