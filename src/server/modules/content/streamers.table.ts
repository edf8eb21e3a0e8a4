import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../db/columns';

/**
 * Community streamers shown on /streamers and the home page. platform is twitch, youtube,
 * other, or both (a Twitch channel and a YouTube channel).
 */
export const recognisedStreamers = pgTable(
  'recognised_streamers',
  {
    id: idColumn(),
    username: text('username').notNull(),
    description: text('description'),
    profileImage: text('profile_image'),
    platform: text('platform').notNull(),
    twitchUsername: text('twitch_username'),
    youtubeChannelId: text('youtube_channel_id'),
    twitterUsername: text('twitter_username'),
    instagramUsername: text('instagram_username'),
    discordUsername: text('discord_username'),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('recognised_streamers_order_idx').on(t.displayOrder)],
);

/**
 * The last answer from Twitch for each login a streamer card names (lowercased): kept in the database
 * so every instance shows the same LIVE badges, whichever instance ran the check.
 */
export const twitchLiveStatus = pgTable('twitch_live_status', {
  login: text('login').primaryKey(),
  isLive: boolean('is_live').notNull().default(false),
  title: text('title'),
  gameName: text('game_name'),
  viewerCount: integer('viewer_count'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});
