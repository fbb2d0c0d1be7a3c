import { timingSafeEqual } from 'node:crypto';
import {
  ConfirmationInfoSchema,
  ConfirmationQuerySchema,
  ConfirmationReplySchema,
  ConfirmationRequestSchema,
  ErrorReply,
  PlanRecipientsRequestSchema,
  PlansReplySchema,
  SmsReplyReplySchema,
  SmsReplyRequestSchema,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RouteOptions } from '../services.js';
import { actorOf } from './request-actor.js';
import { requireRight } from './require-right.js';

const tags = ['remote-alert'];
const SECRET_HEADER = 'x-leitwarte-secret';

const sameSecret = (given: string | undefined, expected: string) => {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The remote alarm's real delivery: the plans' positions (which call number alerts at which
 * position), and the confirmations recipients give. Confirmations need no session: the signed,
 * single-use, expiring token is the authority (the page behind an e-mail's link, a push action,
 * a webhook receiver), or for SMS replies the gateway's shared secret plus the code and the
 * number it was sent to. Every confirmation is audited by the escalation.
 */
export const remoteAlertDeliveryRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (
  app,
  { services },
) => {
  const { store, config } = services;
  const remoteAlarm = services.domain.remoteAlarm;

  app.post(
    '/api/RemoteAlert/planrecipients',
    {
      preHandler: requireRight(services, 'editCallNumbers'),
      schema: {
        tags,
        summary: 'Sets the call numbers at the positions of plans (editCallNumbers; all or nothing)',
        body: PlanRecipientsRequestSchema,
        response: { 200: PlansReplySchema, 403: ErrorReply },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const reply = await remoteAlarm.setPlanRecipients(actor, request.body);
      if (reply.status === 'Unauthorized') {
        await store.audit.append({
          at: Date.now(),
          userId: actor.userId,
          username: actor.username,
          action: 'remoteAlarm.setPlanRecipients.refused',
          object: reply.unauthorizedPlans.map((p) => `plan ${p.station}/${p.planNumber}`).join(', '),
          detail: { unauthorizedPlans: reply.unauthorizedPlans },
          remoteAddress: actor.remoteAddress,
        });
      }
      return reply;
    },
  );

  app.get(
    '/api/RemoteAlert/confirmation',
    {
      // The token (or the gateway's shared secret) is the authority, not a session.
      config: { public: true },
      schema: {
        tags,
        summary: 'What a confirmation token confirms (public: the token is the authority)',
        querystring: ConfirmationQuerySchema,
        response: { 200: ConfirmationInfoSchema },
      },
    },
    async (request, reply) => {
      // The page shows alarm texts: never cached, never referred onwards.
      void reply.header('cache-control', 'no-store');
      return remoteAlarm.confirmationInfo(request.query.token);
    },
  );

  app.post(
    '/api/RemoteAlert/confirmation',
    {
      // The token (or the gateway's shared secret) is the authority, not a session.
      config: { public: true },
      schema: {
        tags,
        summary: "Confirms a notification's messages with its token (once, before it expires)",
        body: ConfirmationRequestSchema,
        response: { 200: ConfirmationReplySchema },
      },
    },
    async (request) => {
      const reply = await remoteAlarm.confirm(request.body.token, 'link');
      if (reply.status === 'Failed') {
        await store.audit.append({
          at: Date.now(),
          userId: null,
          username: null,
          action: 'remoteAlarm.confirmed.refused',
          object: 'confirmation',
          newValue: reply.state,
          remoteAddress: request.ip,
        });
      }
      return reply;
    },
  );

  app.post(
    '/api/RemoteAlert/sms-reply',
    {
      // The token (or the gateway's shared secret) is the authority, not a session.
      config: { public: true },
      schema: {
        tags,
        summary:
          "The SMS gateway's webhook for answers: confirms by reply code (secret in x-leitwarte-secret or ?secret=)",
        querystring: Type.Object(
          { secret: Type.Optional(Type.String({ maxLength: 256 })) },
          { additionalProperties: false },
        ),
        body: SmsReplyRequestSchema,
        response: { 200: SmsReplyReplySchema, 403: ErrorReply },
      },
    },
    async (request, reply) => {
      const expected = config.remoteAlarm.smsReplySecret;
      const header = request.headers[SECRET_HEADER];
      const given = typeof header === 'string' ? header : request.query.secret;
      if (expected === null || !sameSecret(given, expected)) {
        await store.audit.append({
          at: Date.now(),
          userId: null,
          username: null,
          action: 'remoteAlarm.smsReply.refused',
          object: 'sms gateway',
          remoteAddress: request.ip,
        });
        return reply.code(403).send({
          statusCode: 403,
          error: 'Forbidden',
          code: 'forbidden',
          message: 'Secret missing or incorrect',
        });
      }
      return remoteAlarm.smsReply(request.body.from, request.body.text);
    },
  );
};
