import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteOptions } from '../services.js';

/** Second factor (TOTP): enrolment, verification at login, recovery codes, reset by an administrator. */
export const secondFactorRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async () => {};
