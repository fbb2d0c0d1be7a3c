import {
  ErrorReply,
  LicenseOptionsSchema,
  PasswordPolicySchema,
  PrioritySchema,
  SystemConfigPatchSchema,
  SystemConfigSchema,
  SystemConfigUpdateReplySchema,
  SystemSettingsSchema,
  type SystemConfig,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import type { RouteOptions } from '../services.js';
import { actorOf } from './request-actor.js';
import { requireRight } from './require-right.js';

/** The parts of the system configuration, each also readable on its own path. */
const PARTS: { path: string; part: keyof SystemConfig; schema: TSchema; summary: string }[] = [
  {
    path: 'priorities',
    part: 'priorities',
    schema: Type.Array(PrioritySchema),
    summary: 'Priorities 0–9 with name and ARGB colour',
  },
  { path: 'settings', part: 'systemSettings', schema: SystemSettingsSchema, summary: 'System settings' },
  {
    path: 'license-options',
    part: 'licenseOptions',
    schema: LicenseOptionsSchema,
    summary: 'Licence limits',
  },
  {
    path: 'password-policy',
    part: 'passwordPolicy',
    schema: PasswordPolicySchema,
    summary: 'Password policy',
  },
];

/**
 * System config (screens §7). Every logged-in user reads it: the priorities colour the alerts,
 * the settings carry the auto logout and request limits, the policy guides the password change.
 * Changing it is for administrators (manageUsers) and audited old → new by the service.
 */
export const systemConfigRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const config = services.domain.systemConfig;
  const tags = ['system config'];

  app.get(
    '/api/SystemConfig',
    {
      schema: {
        tags,
        summary: 'Priorities, system settings, licence options and password policy',
        response: { 200: SystemConfigSchema },
      },
    },
    async () => config.get(),
  );

  for (const { path, part, schema, summary } of PARTS) {
    app.get(
      `/api/SystemConfig/${path}`,
      { schema: { tags, summary, response: { 200: schema } } },
      async () => config.get()[part],
    );
  }

  app.patch(
    '/api/SystemConfig',
    {
      preHandler: requireRight(services, 'manageUsers'),
      schema: {
        tags,
        summary: 'Replaces the given parts; each is validated, nothing changes unless all are valid',
        body: SystemConfigPatchSchema,
        response: { 200: SystemConfigUpdateReplySchema, 400: ErrorReply, 403: ErrorReply },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const result = await config.update(request.body, actor);
      if (result.status === 'Success') return result;
      await services.store.audit.append({
        at: Date.now(),
        userId: actor.userId,
        username: actor.username,
        action: 'systemConfig.set.refused',
        object: Object.keys(request.body).join(','),
        detail: { reason: result.errorMessage },
        remoteAddress: actor.remoteAddress,
      });
      return reply.code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        code: 'invalidSystemConfig',
        message: result.errorMessage ?? 'invalid system configuration',
      });
    },
  );
};
