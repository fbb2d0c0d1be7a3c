import {
  AckPlansQuerySchema,
  AckPlansRequestSchema,
  AlarmNumbersForActivationReplySchema,
  AlarmNumbersReplySchema,
  CallNumbersReplySchema,
  CallNumberStatesRequestSchema,
  ErrorReply,
  PlansReplySchema,
  PlanToConfirmSchema,
  RemoteAlertPlansReplySchema,
  SaveCallNumbersRequestSchema,
  SetPlansActiveRequestSchema,
  TogglePlansRequestSchema,
  type AlarmPlanRef,
  type PlansReply,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RouteOptions } from '../services.js';
import { actorOf, type RequestActor } from './request-actor.js';
import { requireRight } from './require-right.js';

const tags = ['remote-alert'];
const refused = { 403: ErrorReply };

/**
 * Remote alert (calls §7 Remote alert). Plans belong to their station: reads leave out the plans
 * of stations the user may not read; switching needs editPlans and acknowledging ackPlans on the
 * plan's station. Call numbers are plant-wide (editCallNumbers).
 */
export const remoteAlertRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { rights, store } = services;
  const remoteAlarm = services.domain.remoteAlarm;
  const mayRead = requireRight(services, 'read');
  const mayEditNumbers = requireRight(services, 'editCallNumbers');
  const readable = (actor: RequestActor, plan: { station: number }) => rights.onPlan(actor, 'read', plan);

  /** A plan write the rights refused changes nothing; the attempt is kept in the audit. */
  const auditRefusal = async (actor: RequestActor, op: string, reply: PlansReply) => {
    if (reply.status !== 'Unauthorized') return;
    await store.audit.append({
      at: Date.now(),
      userId: actor.userId,
      username: actor.username,
      action: `remoteAlarm.${op}.refused`,
      object: reply.unauthorizedPlans
        .map((p: AlarmPlanRef) => `plan ${p.station}/${p.planNumber}`)
        .join(', '),
      detail: { unauthorizedPlans: reply.unauthorizedPlans },
      remoteAddress: actor.remoteAddress,
    });
  };

  app.get(
    '/api/RemoteAlert/alarmplans',
    {
      preHandler: mayRead,
      schema: {
        tags,
        summary: 'Alarm plans of the readable stations with call numbers, categories and PV groups',
        response: { 200: RemoteAlertPlansReplySchema, ...refused },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const all = await remoteAlarm.plans(actor);
      return {
        ...all,
        alarmPlans: all.alarmPlans.filter((p) => readable(actor, p)),
        pvGroups: all.pvGroups.filter((g) => readable(actor, g)),
        alarmLines: all.alarmLines.filter((l) => readable(actor, l)),
      };
    },
  );

  app.post(
    '/api/RemoteAlert',
    {
      schema: {
        tags,
        summary: 'Switches plans on or off (editPlans on each plan; all or nothing)',
        body: SetPlansActiveRequestSchema,
        response: { 200: PlansReplySchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const reply = await remoteAlarm.setPlansActive(actor, request.body);
      await auditRefusal(actor, 'setPlanActive', reply);
      return reply;
    },
  );

  app.post(
    '/api/RemoteAlert/toggle-plans',
    {
      schema: {
        tags,
        summary: 'Plan entries of a process image: 0 off, 1 on, 2 toggle (editPlans; all or nothing)',
        body: TogglePlansRequestSchema,
        response: { 200: PlansReplySchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const reply = await remoteAlarm.togglePlans(actor, request.body);
      await auditRefusal(actor, 'togglePlans', reply);
      return reply;
    },
  );

  app.get(
    '/api/RemoteAlert/alarmplanstoconfirm',
    {
      preHandler: mayRead,
      schema: {
        tags,
        summary: 'Readable plans with messages waiting for acknowledgement',
        response: { 200: Type.Array(PlanToConfirmSchema), ...refused },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return (await remoteAlarm.plansToConfirm(actor)).filter((p) => readable(actor, p));
    },
  );

  app.post(
    '/api/RemoteAlert/ack-plans',
    {
      schema: {
        tags,
        summary: 'Acknowledges the messages of plans (ackPlans on each plan; all or nothing)',
        querystring: AckPlansQuerySchema,
        body: AckPlansRequestSchema,
        response: { 200: PlansReplySchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const reply = await remoteAlarm.ackPlans(actor, request.body, request.query.ackNonSent);
      await auditRefusal(actor, 'ackPlan', reply);
      return reply;
    },
  );

  app.get(
    '/api/RemoteAlert/alarmnumbers4activation',
    {
      preHandler: mayRead,
      schema: {
        tags,
        summary: 'Call numbers and readable plans for the activation page',
        response: { 200: AlarmNumbersForActivationReplySchema, ...refused },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const numbers = await remoteAlarm.callNumbers();
      const plans = (await remoteAlarm.activationList(actor)).filter((p) => readable(actor, p.plan));
      return { ...numbers, plans, currentUserCanEdit: rights.has(actor, 'editCallNumbers') };
    },
  );

  app.get(
    '/api/RemoteAlert/alarmnumbers',
    {
      preHandler: mayRead,
      schema: {
        tags,
        summary: 'Call numbers and categories for the edit page',
        response: { 200: AlarmNumbersReplySchema, ...refused },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const numbers = await remoteAlarm.callNumbers();
      return {
        ...numbers,
        currentUserCanEdit: rights.has(actor, 'editCallNumbers'),
        dialCountry: remoteAlarm.dialCountry(),
        channels: remoteAlarm.channels(),
      };
    },
  );

  app.post(
    '/api/RemoteAlert/alarmnumbers',
    {
      preHandler: mayEditNumbers,
      schema: {
        tags,
        summary: 'Saves call numbers; those without id are created (all or nothing)',
        body: SaveCallNumbersRequestSchema,
        response: { 200: CallNumbersReplySchema, ...refused },
      },
    },
    async (request) => remoteAlarm.setCallNumbers(actorOf(request), request.body),
  );

  app.post(
    '/api/RemoteAlert/setalarmnumbersstate',
    {
      preHandler: mayEditNumbers,
      schema: {
        tags,
        summary: 'Switches call numbers on or off (all or nothing)',
        body: CallNumberStatesRequestSchema,
        response: { 200: CallNumbersReplySchema, ...refused },
      },
    },
    async (request) => remoteAlarm.setCallNumberStates(actorOf(request), request.body),
  );
};
