import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { isBuiltinEngineInstalled } from '../integrations/radio/builtin/supervisor';
import { generateTones, TONE_CATALOG } from '../integrations/radio/builtin/tones';
import { profiles } from '../modules/accounts/accounts.table';
import { generateChart } from '../modules/library/chart.service';
import { songLikes } from '../modules/library/library.table';
import { recordPlay, upsertSong } from '../modules/library/songs.service';
import { scheduleSlots } from '../modules/schedule/schedule.table';

/** The demo week: who presents what, when (station time). */
const SHOWS: {
  email: string;
  days: number[];
  start: string;
  end: string;
  name: string;
  description: string;
}[] = [
  {
    email: 'jade@onair.local',
    days: [1, 3, 5],
    start: '07:00',
    end: '09:00',
    name: 'Morning Drive',
    description: 'Coffee, traffic and the best new music to start your day.',
  },
  {
    email: 'marcus@onair.local',
    days: [2, 4],
    start: '18:00',
    end: '20:00',
    name: 'Drive Time Dispatch',
    description: 'Requests, shout-outs and a little chaos on the way home.',
  },
  {
    email: 'marcus@onair.local',
    days: [5],
    start: '21:00',
    end: '23:00',
    name: 'Friday Night Frequencies',
    description: 'Dance floor fillers to launch the weekend.',
  },
  {
    email: 'priya@onair.local',
    days: [6, 0],
    start: '10:00',
    end: '12:00',
    name: 'Weekend Brunch',
    description: 'Laid-back grooves and listener stories.',
  },
  {
    email: 'jade@onair.local',
    days: [0],
    start: '20:00',
    end: '22:00',
    name: 'Sunday Soul',
    description: 'Deep soul and rare grooves to close the week.',
  },
  {
    email: 'priya@onair.local',
    days: [3],
    start: '13:00',
    end: '14:00',
    name: 'Lunchtime Mixtape',
    description: 'An hour of listener-built playlists.',
  },
];

const hasAudio = (dir: string) => {
  try {
    return readdirSync(dir).some((f) => /\.(mp3|ogg|flac|wav|m4a|aac|opus)$/i.test(f));
  } catch {
    return false;
  }
};

/** Adds the station side of the demo: music for AutoDJ, the week's shows, two weeks of plays, likes, last week's chart. */
export async function seedDemoStation(ctx: AppContext, ids: Map<string, string>) {
  const out = { tones: 0, slots: 0, plays: 0, likes: 0 };
  const musicDir = path.resolve(ctx.config.MUSIC_DIR);
  if (!hasAudio(musicDir) && isBuiltinEngineInstalled()) {
    out.tones = (await generateTones(musicDir, TONE_CATALOG.length, { durationSeconds: 45 })).length;
  }

  const existingSlots = await ctx.db.select({ id: scheduleSlots.id }).from(scheduleSlots).limit(1);
  if (existingSlots.length === 0) {
    for (const show of SHOWS) {
      const presenterId = ids.get(show.email);
      if (!presenterId) continue;
      for (const day of show.days) {
        await ctx.db.insert(scheduleSlots).values({
          presenterId,
          dayOfWeek: day,
          hourSlot: Number(show.start.slice(0, 2)),
          startTime: show.start,
          endTime: show.end,
          showName: show.name,
          description: show.description,
        });
        out.slots += 1;
      }
    }
  }

  const { rows } = await ctx.dbh.query<{ n: number }>('SELECT count(*)::int AS n FROM song_plays');
  if (rows[0].n === 0) {
    const songs = [];
    for (const t of TONE_CATALOG) songs.push(await upsertSong(ctx.db, t));
    const now = Date.now();
    // Two weeks of airplay, more for the songs early in the catalogue, spread over the hours.
    for (let i = 0; i < 366; i++) {
      const weight = Math.floor((Math.abs(Math.sin(i * 12.9898) * 43758.5453) % 1) * songs.length * 0.999);
      const song = songs[Math.min(weight, Math.floor((weight * weight) / songs.length))];
      const playedAt = new Date(now - (i + 1) * 55 * 60_000);
      await recordPlay(ctx.db, {
        songId: song.id,
        source: i % 9 === 0 ? 'live' : 'autodj',
        playedBy: null,
        streamerName: null,
        playedAt,
      });
      out.plays += 1;
    }
    const members = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'user'));
    for (const [mi, m] of members.entries()) {
      for (const [si, s] of songs.entries()) {
        if ((mi + si) % 3 === 0 || si < 2) {
          await ctx.db.insert(songLikes).values({ userId: m.id, songId: s.id }).onConflictDoNothing();
          out.likes += 1;
        }
      }
    }
    // The chart of the last finished week (whatever day the demo is seeded, it is a full week), as the
    // weekly job closes it on Monday morning; the current week's chart is generated from the admin panel.
    await generateChart(ctx, new Date(now - 7 * 86_400_000));
  }
  return out;
}
