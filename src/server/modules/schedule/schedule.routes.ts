import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, Ok } from '../../../shared/contracts/common';
import {
  MySlotInput,
  Schedule,
  ScheduleBoard,
  ScheduleSlot,
  SlotDecision,
  SlotInput,
} from '../../../shared/contracts/schedule';
import { PeopleList } from '../../../shared/contracts/staff';
import { EVENT_TYPES } from '../../../shared/events';
import {
  bookOwnSlot,
  createSlot,
  decideSlot,
  deleteSlot,
  scheduleBoard,
  updateOwnSlot,
  updateSlot,
} from './bookings.service';
import { listPresenters, listSlots, stationTimeZone, stationToday } from './schedule.service';

export async function scheduleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['schedule'];
  const manage = { access: { capability: 'schedule.manage' as const } };
  const ScheduleQuery = z.object({ day: z.coerce.number().int().min(0).max(6).optional() });
  const own = { access: { capability: 'schedule.own' as const } };
  const SlotOut = z.object({ slot: ScheduleSlot });

  // The week (or one day): slots, presenters' names and pictures, the station's time zone. One-offs come
  // from yesterday on (the station's calendar when built: pages show each on its own date only).
  const week = ctx.publicReads.register({
    url: '/api/schedule',
    query: ScheduleQuery,
    response: Schedule,
    build: async (q) => ({
      timezone: await stationTimeZone(ctx),
      slots: await listSlots(ctx.db, {
        day: q.day,
        approvedOnly: true,
        fromDate: await stationToday(ctx, new Date(), -1),
      }),
    }),
    invalidatedBy: [EVENT_TYPES.scheduleChanged, EVENT_TYPES.settingsChanged, EVENT_TYPES.membersChanged],
  });
  r.get(
    '/api/schedule',
    {
      config: { access: 'public' },
      schema: { tags, querystring: ScheduleQuery, response: { 200: Schedule } },
    },
    (req, reply) => week.reply(req, reply),
  );

  // --- Admins (schedule.manage): every slot, any presenter, approval of pending ones ---
  r.get(
    '/api/schedule/slots',
    { config: manage, schema: { tags, response: { 200: Schedule } } },
    async () => ({
      timezone: await stationTimeZone(ctx),
      slots: await listSlots(ctx.db, { fromDate: await stationToday(ctx) }),
    }),
  );

  r.post(
    '/api/schedule/slots',
    { config: manage, schema: { tags, body: SlotInput, response: { 201: SlotOut } } },
    async (req, reply) => reply.code(201).send({ slot: await createSlot(ctx, req.body) }),
  );

  r.patch(
    '/api/schedule/slots/:id',
    { config: manage, schema: { tags, params: IdParam, body: SlotInput, response: { 200: SlotOut } } },
    async (req) => ({ slot: await updateSlot(ctx, req.params.id, req.body) }),
  );

  r.delete(
    '/api/schedule/slots/:id',
    { config: manage, schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await deleteSlot(ctx, req.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/schedule/presenters',
    { config: manage, schema: { tags, response: { 200: PeopleList } } },
    async () => ({ people: await listPresenters(ctx.db) }),
  );

  r.post(
    '/api/schedule/slots/:id/decision',
    { config: manage, schema: { tags, params: IdParam, body: SlotDecision, response: { 200: SlotOut } } },
    async (req) => ({ slot: await decideSlot(ctx, req.params.id, req.body.decision) }),
  );

  // --- Presenters (schedule.own): the timetable and their own bookings ---
  r.get(
    '/api/schedule/board',
    { config: own, schema: { tags, response: { 200: ScheduleBoard } } },
    async (req) => scheduleBoard(ctx, await req.requireActor()),
  );

  r.post(
    '/api/schedule/my-slots',
    { config: own, schema: { tags, body: MySlotInput, response: { 201: SlotOut } } },
    async (req, reply) =>
      reply.code(201).send({ slot: await bookOwnSlot(ctx, await req.requireActor(), req.body) }),
  );

  r.patch(
    '/api/schedule/my-slots/:id',
    { config: own, schema: { tags, params: IdParam, body: MySlotInput, response: { 200: SlotOut } } },
    async (req) => ({ slot: await updateOwnSlot(ctx, await req.requireActor(), req.params.id, req.body) }),
  );

  r.delete(
    '/api/schedule/my-slots/:id',
    { config: own, schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await deleteSlot(ctx, req.params.id, (await req.requireActor()).userId);
      return { ok: true as const };
    },
  );
}
