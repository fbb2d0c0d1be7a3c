import {
  AdminUserDetailSchema,
  CreateUserInputSchema,
  LicenseUseSchema,
  ScopePvGroupSchema,
  ResetPasswordInputSchema,
  UpdateUserInputSchema,
  UserPasswordReplySchema,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { setUserDisabled, unlockUser, updateUserProfile } from '../auth/user-state.js';
import { createUser, resetPassword, userById } from '../auth/users.js';
import type { RouteOptions } from '../services.js';
import { adminUserView, checkGivenPassword, checkMayDisable, refuseUserChange } from './admin-user-guards.js';
import { actorOf } from './request-actor.js';
import { requireRight } from './require-right.js';
import { IdParams, RefusalReply } from './route-schemas.js';

const Refusals = { 400: RefusalReply, 404: RefusalReply, 409: RefusalReply };

/**
 * User administration: create, change, disable, enable, reset password. Every route needs
 * manageUsers; every change is audited (old → new), and so is every refusal.
 */
export const adminUserRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { store, rights, sessions, domain } = services;
  const manageUsers = requireRight(services, 'manageUsers');
  // Sessions announce their end, so the live channels close those connections without reconnect.
  const endSessions = (userId: number) => sessions.endAllOfUser(userId, 'disabled');

  app.get(
    '/api/admin/users/:id',
    {
      preHandler: manageUsers,
      schema: {
        tags: ['admin'],
        summary: 'One user: profile, state, second factor and roles',
        params: IdParams,
        response: { 200: AdminUserDetailSchema, 404: RefusalReply },
      },
    },
    async (request, reply) => {
      try {
        return adminUserView(services, await userById(store, request.params.id));
      } catch (error) {
        return refuseUserChange(
          services,
          reply,
          actorOf(request),
          'user.read',
          `user:${request.params.id}`,
          error,
        );
      }
    },
  );

  app.post(
    '/api/admin/users',
    {
      preHandler: manageUsers,
      schema: {
        tags: ['admin'],
        summary: 'Creates a user; without a password a random one is returned once',
        body: CreateUserInputSchema,
        response: { 200: UserPasswordReplySchema, ...Refusals },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      try {
        checkGivenPassword(services, request.body.password);
        await services.licence.checkOneMoreUser();
        const created = await createUser(store, { ...request.body, actor });
        await rights.reload();
        return {
          user: adminUserView(services, created.user),
          password: created.generated ? created.password : null,
        };
      } catch (error) {
        return refuseUserChange(
          services,
          reply,
          actor,
          'user.create',
          `user:${request.body.username}`,
          error,
        );
      }
    },
  );

  app.patch(
    '/api/admin/users/:id',
    {
      preHandler: manageUsers,
      schema: {
        tags: ['admin'],
        summary: "Changes a user's display name and language",
        params: IdParams,
        body: UpdateUserInputSchema,
        response: { 200: AdminUserDetailSchema, ...Refusals },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      try {
        const user = await userById(store, request.params.id);
        return adminUserView(services, await updateUserProfile(store, user, request.body, actor));
      } catch (error) {
        return refuseUserChange(services, reply, actor, 'user.update', `user:${request.params.id}`, error);
      }
    },
  );

  for (const disabled of [true, false]) {
    const action = disabled ? 'user.disable' : 'user.enable';
    app.post(
      `/api/admin/users/:id/${disabled ? 'disable' : 'enable'}`,
      {
        preHandler: manageUsers,
        schema: {
          tags: ['admin'],
          summary: disabled
            ? "Disables a user and ends the user's sessions and live connections at once"
            : 'Enables a disabled user',
          params: IdParams,
          response: { 200: AdminUserDetailSchema, ...Refusals },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        try {
          const user = await userById(store, request.params.id);
          if (disabled) await checkMayDisable(services, actor, user);
          else if (user.disabled === 1) await services.licence.checkOneMoreUser();
          await setUserDisabled(store, user, disabled, actor, endSessions);
          return adminUserView(services, await userById(store, user.id));
        } catch (error) {
          return refuseUserChange(services, reply, actor, action, `user:${request.params.id}`, error);
        }
      },
    );
  }

  app.post(
    '/api/admin/users/:id/unlock',
    {
      preHandler: manageUsers,
      schema: {
        tags: ['admin'],
        summary: 'Ends a lockout after failed logins early and clears the count of failures',
        params: IdParams,
        response: { 200: AdminUserDetailSchema, ...Refusals },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      try {
        const user = await userById(store, request.params.id);
        // Not locked: nothing changes and nothing is written; the reply shows the state.
        await unlockUser(store, user, actor);
        return adminUserView(services, await userById(store, user.id));
      } catch (error) {
        return refuseUserChange(services, reply, actor, 'user.unlock', `user:${request.params.id}`, error);
      }
    },
  );

  app.post(
    '/api/admin/users/:id/reset-password',
    {
      preHandler: manageUsers,
      schema: {
        tags: ['admin'],
        summary: "Sets a given or random password (returned once) and ends the user's sessions",
        params: IdParams,
        body: ResetPasswordInputSchema,
        response: { 200: UserPasswordReplySchema, ...Refusals },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      try {
        checkGivenPassword(services, request.body.password);
        const user = await userById(store, request.params.id);
        const reset = await resetPassword(store, user.username, request.body.password ?? null, actor);
        // Whoever had the old password is out at once.
        await endSessions(user.id);
        return {
          user: adminUserView(services, reset.user),
          password: reset.generated ? reset.password : null,
        };
      } catch (error) {
        const object = `user:${request.params.id}`;
        return refuseUserChange(services, reply, actor, 'user.password-reset', object, error);
      }
    },
  );

  app.get(
    '/api/admin/license-use',
    {
      preHandler: manageUsers,
      schema: {
        tags: ['admin'],
        summary: 'Current use against the licence limits: active users, logins per PV group',
        response: { 200: LicenseUseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return services.licence.use();
    },
  );

  app.get(
    '/api/admin/pv-groups',
    {
      preHandler: manageUsers,
      schema: {
        tags: ['admin'],
        summary: 'The PV groups (areas) a role can be scoped to, without their PVs',
        response: { 200: Type.Array(ScopePvGroupSchema) },
      },
    },
    async () => domain.pvGroups.map((g) => ({ id: g.id, station: g.station, name: g.name })),
  );
};
