import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, Ok } from '../../../shared/contracts/common';
import { Schedule, ScheduleSlot, SlotInput } from '../../../shared/contracts/schedule';
import { createSlot, deleteSlot, listSlots, stationTimeZone, updateSlot } from './schedule.service';

export async function scheduleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['schedule'];
  const manage = { access: { capability: 'schedule.manage' as const } };

  r.get(
    '/api/schedule',
    {
      config: { access: 'public' },
      schema: {
        tags,
        querystring: z.object({ day: z.coerce.number().int().min(0).max(6).optional() }),
        response: { 200: Schedule },
      },
    },
    async (req) => ({
      timezone: await stationTimeZone(ctx),
      slots: await listSlots(ctx.db, { day: req.query.day, approvedOnly: true }),
    }),
  );

  r.post(
    '/api/schedule/slots',
    {
      config: manage,
      schema: { tags, body: SlotInput, response: { 201: z.object({ slot: ScheduleSlot }) } },
    },
    async (req, reply) => reply.code(201).send({ slot: await createSlot(ctx, req.body) }),
  );

  r.patch(
    '/api/schedule/slots/:id',
    {
      config: manage,
      schema: { tags, params: IdParam, body: SlotInput, response: { 200: z.object({ slot: ScheduleSlot }) } },
    },
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
}
