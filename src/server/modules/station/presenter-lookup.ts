import { eq, ilike } from 'drizzle-orm';
import { displayNameOf } from '../../../shared/contracts/accounts';
import type { NowPlaying } from '../../../shared/contracts/station';
import type { Db } from '../../db/client';
import { profiles } from '../accounts/accounts.table';
import { presenterStreamingAccounts } from './station.table';

/** The presenter behind a streaming name: their streaming account, else a profile of that full name. */
export async function findPresenter(
  db: Db,
  streamerName: string | null,
): Promise<NowPlaying['live']['presenter']> {
  if (!streamerName) return null;
  const [byAccount] = await db
    .select({ p: profiles })
    .from(presenterStreamingAccounts)
    .innerJoin(profiles, eq(profiles.id, presenterStreamingAccounts.userId))
    .where(eq(presenterStreamingAccounts.username, streamerName));
  const p =
    byAccount?.p ?? (await db.select().from(profiles).where(ilike(profiles.fullName, streamerName)))[0];
  if (!p) return null;
  return {
    id: p.id,
    name: displayNameOf({ fullName: p.fullName, email: p.email }),
    picture: p.profilePicture,
    twitterUsername: p.twitterUsername,
    twitchUsername: p.twitchUsername,
    instagramUsername: p.instagramUsername,
    youtubeUsername: p.youtubeUsername,
  };
}
