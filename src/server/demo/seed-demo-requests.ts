import type { AppContext } from '../context';
import { applications } from '../modules/applications/applications.table';
import { bannedSongs, songRequests } from '../modules/requests/requests.table';

/** Requests in every state, banned songs and applications for the demo station. */
export async function seedDemoRequests(ctx: AppContext, ids: Map<string, string>) {
  const out = { requests: 0, banned: 0, applications: 0 };
  const { rows } = await ctx.dbh.query<{ n: number }>('SELECT count(*)::int AS n FROM requests');
  if (rows[0].n > 0) return out;
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const member = (email: string) => ids.get(email) ?? null;
  const requests = [
    {
      requestType: 'song_request',
      songTitle: 'Harbour Lights',
      artist: 'Marina Vale',
      message: 'For everyone driving home!',
      requesterName: 'Ben',
      userId: member('ben@onair.local'),
      status: 'pending',
      at: 4,
    },
    {
      requestType: 'shoutout',
      songTitle: 'Happy birthday to my sister Lucy!',
      artist: 'N/A',
      message: 'Happy birthday to my sister Lucy!',
      requesterName: 'Ella',
      userId: member('ella@onair.local'),
      status: 'pending',
      at: 9,
    },
    {
      requestType: 'song_request',
      songTitle: 'Golden Static',
      artist: 'The Frequency Club',
      message: null,
      requesterName: 'Leo',
      userId: member('leo@onair.local'),
      status: 'approved',
      at: 15,
    },
    {
      requestType: 'joke',
      songTitle: 'Why did the DJ break up with the playlist? Too many skips.',
      artist: 'N/A',
      message: 'Why did the DJ break up with the playlist? Too many skips.',
      requesterName: 'Mia',
      userId: member('mia@onair.local'),
      status: 'played',
      at: 40,
    },
    {
      requestType: 'competition',
      songTitle: 'My answer: 1983!',
      artist: 'N/A',
      message: 'My answer: 1983!',
      requesterName: 'Noah',
      userId: member('noah@onair.local'),
      status: 'rejected',
      at: 55,
    },
    {
      requestType: 'song_request',
      songTitle: 'Last Train Home',
      artist: 'The Late Arrivals',
      message: 'Thanks for the great show',
      requesterName: 'A night-shift nurse',
      userId: null,
      status: 'played',
      at: 70,
    },
    {
      requestType: 'other',
      songTitle: 'Can you play more 80s on Fridays?',
      artist: 'N/A',
      message: 'Can you play more 80s on Fridays?',
      requesterName: 'Sam',
      userId: null,
      status: 'pending',
      at: 2,
    },
  ];
  for (const r of requests) {
    await ctx.db.insert(songRequests).values({
      requestType: r.requestType,
      songTitle: r.songTitle,
      artist: r.artist,
      message: r.message,
      requesterName: r.requesterName,
      userId: r.userId,
      status: r.status,
      requesterKey: r.userId ? `user:${r.userId}` : `seed:${r.requesterName}`,
      createdAt: ago(r.at),
      updatedAt: ago(r.at),
    });
    out.requests += 1;
  }
  const admin = member('admin@onair.local');
  for (const b of [
    {
      title: 'Never Gonna Give You Up',
      artist: 'Rick Astley',
      reason: 'Rickrolled once too often',
      isActive: true,
    },
    { title: 'Crazy Frog', artist: 'Axel F', reason: 'For everyone’s sanity', isActive: true },
    {
      title: 'Explicit Anthem',
      artist: 'Loud Mouths',
      reason: 'Explicit lyrics during daytime',
      isActive: false,
    },
  ]) {
    await ctx.db
      .insert(bannedSongs)
      .values({ ...b, bannedBy: admin })
      .onConflictDoNothing();
    out.banned += 1;
  }
  const apps = [
    {
      email: 'ben@onair.local',
      fullName: 'Ben Carter',
      status: 'pending',
      concept: 'Indie Hour: new bands from our city',
      days: 1,
    },
    {
      email: 'ella@onair.local',
      fullName: 'Ella Novak',
      status: 'rejected',
      concept: 'Classical breakfast',
      days: 20,
    },
    {
      email: 'mia@onair.local',
      fullName: 'Mia Rossi',
      status: 'pending',
      concept: 'Film soundtracks with stories behind them',
      days: 3,
    },
  ];
  for (const a of apps) {
    const userId = member(a.email);
    if (!userId) continue;
    await ctx.db.insert(applications).values({
      userId,
      fullName: a.fullName,
      email: a.email,
      showConcept: a.concept,
      experience: 'Student radio and a few podcasts',
      availability: 'Weekday evenings and Sunday afternoons',
      status: a.status,
      createdAt: ago(a.days * 1440),
      reviewedAt: a.status === 'pending' ? null : ago(a.days * 1440 - 600),
      reviewedBy: a.status === 'pending' ? null : admin,
    });
    out.applications += 1;
  }
  return out;
}
