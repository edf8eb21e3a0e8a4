import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleRoutes } from './schedule.routes';

/** The schedule module: the timetable and bookings. */
export const scheduleModule = fp(
  async function schedule(app: FastifyInstance) {
    await app.register(scheduleRoutes);
  },
  { name: 'schedule' },
);
