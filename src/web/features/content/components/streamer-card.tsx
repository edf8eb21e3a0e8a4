import type { RecognisedStreamer } from '@shared/contracts/streamers';
import { watchUrlOf, youtubeUrlOf } from '@shared/streamer-links';
import { STREAMERS_TEXTS } from '@shared/texts/content';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { SocialIconLink, socialIconLinkClass } from '@web/features/station/components/social-links';
import { clsx } from 'clsx';
import { ExternalLink, MessageSquare } from 'lucide-react';

const PLATFORM_LABEL: Record<RecognisedStreamer['platform'], string> = {
  twitch: 'Twitch',
  youtube: 'YouTube',
  both: 'Twitch + YouTube',
  other: 'Other',
};
const PLATFORM_TONE = { twitch: 'violet', youtube: 'red', both: 'accent', other: 'neutral' } as const;

/** The pulsing LIVE badge of a streamer who is live on Twitch. */
export function LiveBadge({ className }: { className?: string }) {
  return (
    <span
      data-testid="live-badge"
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full bg-red-600 px-2 py-0.5 font-bold text-white text-xs tracking-wider shadow-lg shadow-red-600/30',
        className,
      )}
    >
      <span aria-hidden className="size-2 rounded-full bg-white motion-safe:animate-pulse" />
      {STREAMERS_TEXTS.live}
    </span>
  );
}

/**
 * A community streamer: picture or placeholder, platform, LIVE when live on Twitch, name,
 * description (3 lines at most), X and Instagram links, the Discord name as a tooltip, and Watch.
 */
export function StreamerCard({
  streamer: s,
  compact = false,
}: {
  streamer: RecognisedStreamer;
  compact?: boolean;
}) {
  const watch = watchUrlOf(s);
  // On both platforms, Watch opens Twitch (where the LIVE badge comes from) and YouTube gets its own link.
  const youtube = s.platform === 'both' ? youtubeUrlOf(s.youtubeChannelId) : null;
  const youtubeExtra = youtube && youtube !== watch ? youtube : null;
  return (
    <article
      data-testid="streamer-card"
      data-live={s.isLive}
      className={clsx(
        'flex flex-col items-center gap-3 rounded-2xl border bg-slate-900/70 p-5 text-center transition',
        s.isLive ? 'border-red-500/50 shadow-lg shadow-red-900/20' : 'border-slate-700/80',
      )}
    >
      <div className="relative">
        <Avatar src={s.profileImage} name={s.username} size={compact ? 'md' : 'lg'} />
        {s.isLive ? <LiveBadge className="-bottom-2 -translate-x-1/2 absolute left-1/2" /> : null}
      </div>
      <div className="flex min-w-0 flex-col items-center gap-1.5">
        <h3 className="max-w-full break-words font-bold text-lg text-white">{s.username}</h3>
        <Badge tone={PLATFORM_TONE[s.platform]}>{PLATFORM_LABEL[s.platform]}</Badge>
      </div>
      {s.isLive && s.liveTitle ? (
        <p className="line-clamp-2 text-red-200 text-sm" title={s.liveTitle}>
          {s.liveTitle}
        </p>
      ) : null}
      {s.description && !compact ? (
        <p className="line-clamp-3 text-slate-300 text-sm">{s.description}</p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-center gap-2 pt-1">
        {s.twitterUsername ? (
          <SocialIconLink
            href={`https://x.com/${encodeURIComponent(s.twitterUsername)}`}
            name={s.username}
            network="twitter"
            label="Twitter / X"
          />
        ) : null}
        {s.instagramUsername ? (
          <SocialIconLink
            href={`https://www.instagram.com/${encodeURIComponent(s.instagramUsername)}`}
            name={s.username}
            network="instagram"
            label="Instagram"
          />
        ) : null}
        {youtubeExtra ? (
          <SocialIconLink href={youtubeExtra} name={s.username} network="youtube" label="YouTube" />
        ) : null}
        {s.discordUsername ? (
          <span
            role="img"
            aria-label={`Discord: ${s.discordUsername}`}
            title={`Discord: ${s.discordUsername}`}
            className={clsx(socialIconLinkClass, 'cursor-help')}
          >
            <MessageSquare aria-hidden className="size-4" />
          </span>
        ) : null}
        {watch ? (
          <a
            href={watch}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${STREAMERS_TEXTS.watch} ${s.username}`}
            className="inline-flex h-9 items-center gap-1.5 rounded-lg bg-gradient-to-r from-pink-500 to-violet-500 px-4 font-semibold text-sm text-white shadow-lg shadow-pink-500/20 transition hover:brightness-110"
          >
            {STREAMERS_TEXTS.watch}
            <ExternalLink aria-hidden className="size-3.5" />
          </a>
        ) : null}
      </div>
    </article>
  );
}
