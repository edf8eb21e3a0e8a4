import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../../db/columns';

/** Recent realtime events, kept briefly so a reconnecting stream can resume by Last-Event-ID. */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('realtime_events_created_idx').on(t.createdAt)],
);
