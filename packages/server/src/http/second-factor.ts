import {
  ErrorReply,
  RecoveryCodesSchema,
  SecondFactorConfirmSchema,
  SecondFactorDisableSchema,
  SecondFactorEnrolmentSchema,
  SecondFactorStatusSchema,
} from '@leitwarte/core';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createSecondFactorAccount, type SecondFactorRefusal } from '../auth/second-factor-account.js';
import type { RouteOptions } from '../services.js';
import { actorOf } from './request-actor.js';
import { requireRight } from './require-right.js';

const REFUSAL: Record<SecondFactorRefusal, { status: number; message: string }> = {
  alreadyEnabled: { status: 409, message: 'The second factor is on already' },
  notEnabled: { status: 409, message: 'The second factor is not on' },
  notStarted: { status: 409, message: 'Start the enrolment first' },
  codeInvalid: { status: 400, message: 'The code is not valid' },
  passwordInvalid: { status: 400, message: 'The password is not correct' },
};

function refuse(reply: FastifyReply, code: SecondFactorRefusal) {
  const { status, message } = REFUSAL[code];
  return reply.code(status).send({ statusCode: status, error: 'Refused', code, message });
}

const tags = ['account'];
const refusals = { '4xx': ErrorReply };

/** Second factor (TOTP): enrolment, switching off, and the reset by an administrator. */
export const secondFactorRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const account = createSecondFactorAccount(services.store);

  app.get(
    '/api/account/second-factor',
    {
      schema: {
        tags,
        summary: 'Whether the own second factor is on',
        response: { 200: SecondFactorStatusSchema },
      },
    },
    async (request) => account.status(actorOf(request).userId),
  );

  app.post(
    '/api/account/second-factor/enrolment',
    {
      schema: {
        tags,
        summary: 'Starts the enrolment: a new secret for the authenticator app',
        response: { 200: SecondFactorEnrolmentSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const result = await account.start(actorOf(request));
      return typeof result === 'string' ? refuse(reply, result) : result;
    },
  );

  app.post(
    '/api/account/second-factor/enrolment/confirm',
    {
      schema: {
        tags,
        summary: 'Switches the second factor on with a first code; answers the recovery codes once',
        body: SecondFactorConfirmSchema,
        response: { 200: RecoveryCodesSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const result = await account.confirm(actorOf(request), request.body.code);
      return typeof result === 'string' ? refuse(reply, result) : result;
    },
  );

  app.post(
    '/api/account/second-factor/disable',
    {
      schema: {
        tags,
        summary: 'Switches the own second factor off with a current code or the password',
        body: SecondFactorDisableSchema,
        response: { 204: Type.Null(), ...refusals },
      },
    },
    async (request, reply) => {
      const { code, password } = request.body;
      if ((code === undefined) === (password === undefined)) {
        return reply.code(400).send({
          statusCode: 400,
          error: 'Bad Request',
          code: 'validation',
          message: 'Send either a code or the password',
        });
      }
      const result = await account.disable(actorOf(request), request.body);
      return result === 'ok' ? reply.code(204).send(null) : refuse(reply, result);
    },
  );

  app.post(
    '/api/admin/users/:id/reset-second-factor',
    {
      preHandler: requireRight(services, 'manageUsers'),
      schema: {
        tags: ['admin'],
        summary: "Switches a user's second factor off (lost authenticator)",
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { 204: Type.Null(), ...refusals },
      },
    },
    async (request, reply) => {
      if (!(await account.reset(actorOf(request), request.params.id))) {
        return reply
          .code(404)
          .send({ statusCode: 404, error: 'Not Found', code: 'notFound', message: 'No such user' });
      }
      return reply.code(204).send(null);
    },
  );
};
