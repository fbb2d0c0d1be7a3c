import {
  EffectiveRightsSchema,
  RIGHT_NAMES,
  RoleInputSchema,
  RoleSchema,
  UserRolesInputSchema,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { createRightsAdmin, RightsChangeError } from '../auth/rights-admin.js';
import { isLockedOut } from '../auth/user-state.js';
import type { RouteOptions } from '../services.js';
import { sessionOf } from './auth-guard.js';
import { actorOf } from './request-actor.js';
import { requireRight } from './require-right.js';
import { IdParams, RefusalReply } from './route-schemas.js';

const AdminUserSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  displayName: Type.String(),
  disabled: Type.Boolean(),
  secondFactor: Type.Boolean(),
  roleIds: Type.Array(Type.Integer()),
  lockedUntil: Type.Union([Type.Integer(), Type.Null()]),
});

function refused(reply: FastifyReply, error: unknown) {
  if (!(error instanceof RightsChangeError)) throw error;
  const names = { 400: 'Bad Request', 404: 'Not Found', 409: 'Conflict' } as const;
  return reply
    .code(error.status)
    .send({ statusCode: error.status, error: names[error.status], code: error.code, message: error.message });
}

/** Rights: the user's effective rights (calls §6) and the roles administrators manage. */
export const rightsRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { rights, plant, store, domain } = services;
  const admin = createRightsAdmin({
    store,
    rights,
    stationNumbers: () => new Set(plant.stations().map((s) => s.stationNumber)),
    pvGroupIds: () => new Set(domain.pvGroups.map((g) => g.id)),
  });
  const manageUsers = requireRight(services, 'manageUsers');

  app.get(
    '/api/UserManagement/rights',
    {
      schema: {
        tags: ['user'],
        summary: "The user's effective rights: per right the stations and PV groups it holds in",
        response: { 200: EffectiveRightsSchema },
      },
    },
    async (request) => rights.effective(sessionOf(request)),
  );

  app.get(
    '/api/admin/roles',
    {
      preHandler: manageUsers,
      schema: {
        tags: ['admin'],
        summary: 'All roles with their rights and scope, and the names of all rights',
        response: {
          200: Type.Object({ roles: Type.Array(RoleSchema), rightNames: Type.Array(Type.String()) }),
        },
      },
    },
    async () => ({ roles: [...admin.roles()], rightNames: [...RIGHT_NAMES] }),
  );

  app.post(
    '/api/admin/roles',
    {
      preHandler: manageUsers,
      schema: {
        tags: ['admin'],
        summary: 'Creates a role',
        body: RoleInputSchema,
        response: { 200: RoleSchema, 400: RefusalReply, 409: RefusalReply },
      },
    },
    async (request, reply) => {
      try {
        return await admin.createRole(actorOf(request), request.body);
      } catch (error) {
        return refused(reply, error);
      }
    },
  );

  app.patch(
    '/api/admin/roles/:id',
    {
      preHandler: manageUsers,
      schema: {
        tags: ['admin'],
        summary: "Changes a role's name, description, rights and scope",
        params: IdParams,
        body: RoleInputSchema,
        response: { 200: RoleSchema, 400: RefusalReply, 404: RefusalReply, 409: RefusalReply },
      },
    },
    async (request, reply) => {
      try {
        return await admin.updateRole(actorOf(request), request.params.id, request.body);
      } catch (error) {
        return refused(reply, error);
      }
    },
  );

  app.delete(
    '/api/admin/roles/:id',
    {
      preHandler: manageUsers,
      schema: {
        tags: ['admin'],
        summary: 'Deletes a role made by an administrator; its users lose what it granted',
        params: IdParams,
        response: { 204: Type.Null(), 400: RefusalReply, 404: RefusalReply, 409: RefusalReply },
      },
    },
    async (request, reply) => {
      try {
        await admin.deleteRole(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      } catch (error) {
        return refused(reply, error);
      }
    },
  );

  app.get(
    '/api/admin/users',
    {
      preHandler: manageUsers,
      schema: {
        tags: ['admin'],
        summary: 'All users with their roles',
        response: { 200: Type.Array(AdminUserSchema) },
      },
    },
    async () =>
      (await store.users.list()).map((user) => ({
        id: user.id,
        username: user.username,
        displayName: user.display_name,
        disabled: user.disabled === 1,
        secondFactor: user.totp_enabled === 1,
        roleIds: [...rights.roleIdsOf(user.id)],
        lockedUntil: isLockedOut(user) ? user.locked_until : null,
      })),
  );

  app.put(
    '/api/admin/users/:id/roles',
    {
      preHandler: manageUsers,
      schema: {
        tags: ['admin'],
        summary: 'Sets the roles of a user; takes effect at once',
        params: IdParams,
        body: UserRolesInputSchema,
        response: { 204: Type.Null(), 400: RefusalReply, 404: RefusalReply, 409: RefusalReply },
      },
    },
    async (request, reply) => {
      try {
        await admin.setUserRoles(actorOf(request), request.params.id, request.body.roleIds);
        return reply.code(204).send(null);
      } catch (error) {
        return refused(reply, error);
      }
    },
  );
};
