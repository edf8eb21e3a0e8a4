import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from '../../db/columns';
import { user } from './auth.table';

/** The member's profile. Its id is the better-auth user id. */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    email: text('email').notNull(),
    role: text('role').notNull().default('user'),
    profilePicture: text('profile_picture'),
    twitterUsername: text('twitter_username'),
    twitchUsername: text('twitch_username'),
    instagramUsername: text('instagram_username'),
    youtubeUsername: text('youtube_username'),
    tiktokUsername: text('tiktok_username'),
    discordId: text('discord_id'),
    discordUsername: text('discord_username'),
    showName: text('show_name'),
    showDescription: text('show_description'),
    bio: text('bio'),
    themePreference: text('theme_preference'),
    showInTopSupporters: boolean('show_in_top_supporters').notNull().default(true),
    publicProfile: boolean('public_profile').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('profiles_role_idx').on(t.role),
    // A Discord account links to one member (NULLs never collide).
    uniqueIndex('profiles_discord_id_uq').on(t.discordId),
  ],
);

/** A column naming a member (a profile); the row goes when the member's account does. */
export const memberColumn = (name: string) =>
  text(name)
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' });
