import { UserInfoSchema } from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RouteOptions } from '../services.js';
import { sessionOf } from './auth-guard.js';
import { userInfo } from './user-info.js';

/** The logged-in user's own data (calls §7 User). */
export const userManagementRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  app.get(
    '/api/UserManagement/info',
    { schema: { tags: ['user'], summary: 'The logged-in user', response: { 200: UserInfoSchema } } },
    async (request) => userInfo(sessionOf(request), services.sessions.idleMs),
  );

  app.post(
    '/api/UserManagement/renew-lease',
    {
      schema: {
        tags: ['user'],
        summary: 'The user is active: the session idle timeout starts again',
        response: { 200: Type.Object({ idleTimeoutMs: Type.Integer() }) },
      },
    },
    async (request) => {
      await services.sessions.touch(sessionOf(request).sessionId);
      return { idleTimeoutMs: services.sessions.idleMs };
    },
  );
};
