import { computeAccess } from '../../shared/permissions';
import type { AppContext } from '../context';
import type { Actor } from '../infra/http/access';
import { addCarouselImage } from '../modules/content/carousel.service';
import { addStreamer } from '../modules/content/streamers.service';
import { createArticle } from '../modules/news/news.service';

const ARTICLES: {
  by: string;
  title: string;
  excerpt?: string;
  content: string;
  featured?: boolean;
  draft?: boolean;
}[] = [
  {
    by: 'hannah',
    title: 'Summer Schedule: New Shows Every Weekend',
    excerpt: 'Four new weekend shows, a longer breakfast and the return of Sunday Soul.',
    featured: true,
    content: [
      'Summer is here and so is a **brand new weekend line-up**.',
      '',
      '## What is new',
      '',
      '- *Saturday Sunrise* with Jade, 7 to 10',
      '- *Beats & Pieces* with Marcus, every Saturday night',
      '- *Sunday Soul* is back, three hours of classics',
      '',
      'Check the [schedule](/schedule) for every slot, and send your requests while the show is live.',
    ].join('\n'),
  },
  {
    by: 'admin',
    title: 'We Hit 1,000 Listeners!',
    featured: true,
    content:
      'Last Friday night more than **one thousand** of you were tuned in at once. Thank you for listening, ' +
      'sharing and requesting: this station is run by volunteers and kept alive by you.\n\n' +
      '> "Best community station on the internet" – a listener from Leeds',
  },
  {
    by: 'hannah',
    title: 'Meet the Team: Priya, Our New Mentor',
    excerpt: 'Priya has trained a dozen presenters this year. We asked her how to get started on air.',
    content:
      'Priya joined as a presenter three years ago and now helps new voices find their feet.\n\n' +
      '### Her three tips\n\n1. Prepare, then relax\n2. Talk to one listener, not a crowd\n3. Have fun with it\n\n' +
      'Fancy a show of your own? [Apply to present](/apply).',
  },
  {
    by: 'admin',
    title: 'Request Line Open Every Evening',
    content:
      'From 6pm every evening the request line is open while a presenter is live. Use the **Requests** page ' +
      'or the button under the player.',
  },
  {
    by: 'hannah',
    title: 'Autumn Festival Plans (draft)',
    draft: true,
    content: 'Ideas for the autumn festival stage: to be confirmed.',
  },
];

const CAROUSEL = [
  { imageUrl: '/carousel/station-1.svg', title: 'Your drive, your music.', linkUrl: null },
  { imageUrl: '/carousel/station-2.svg', title: 'Live shows every week', linkUrl: '/schedule' },
  { imageUrl: '/carousel/station-3.svg', title: 'Request a song', linkUrl: '/requests' },
];

const STREAMERS = [
  {
    username: 'Marcus Bell',
    platform: 'twitch',
    twitchUsername: 'marcusbell',
    description: 'House and garage sets, live from the bedroom studio every Saturday night.',
    twitterUsername: 'marcusbellmusic',
    discordUsername: 'marcusbell',
    displayOrder: 0,
  },
  {
    username: 'Lofi Lena',
    platform: 'youtube',
    youtubeChannelId: '@lofilena',
    description: 'Beats to study to, and chats with the community every Sunday.',
    instagramUsername: 'lofi.lena',
    displayOrder: 1,
  },
  {
    username: 'DJ Kofi',
    platform: 'both',
    twitchUsername: 'djkofi',
    youtubeChannelId: '@djkofi',
    description: 'Afrobeats, amapiano and everything in between.',
    twitterUsername: 'djkofi',
    instagramUsername: 'djkofi',
    displayOrder: 2,
  },
  {
    username: 'Retro Rewind',
    platform: 'other',
    description: 'Vinyl-only eighties sessions from the station archive.',
    displayOrder: 3,
  },
] as const;

/** News articles, carousel images (the station's own pictures) and community streamers for the demo. */
export async function seedDemoContent(ctx: AppContext, ids: Map<string, string>) {
  const out = { articles: 0, carousel: 0, streamers: 0 };
  const count = async (table: string) =>
    (await ctx.dbh.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  const actor = (email: string, role: string, assigned: string[]): Actor => ({
    userId: ids.get(`${email}@onair.local`)!,
    email: `${email}@onair.local`,
    signUpName: '',
    sessionId: '',
    access: computeAccess(
      role,
      assigned.map((name) => ({ name, permissions: [] })),
    ),
  });
  const authors: Record<string, Actor> = {
    admin: actor('admin', 'admin', []),
    hannah: actor('hannah', 'user', ['news_reporter']),
  };

  if ((await count('news_articles')) === 0) {
    // Oldest first, so the newest article is the last one written.
    for (const a of ARTICLES) {
      await createArticle(ctx, authors[a.by], {
        title: a.title,
        content: a.content,
        excerpt: a.excerpt ?? null,
        featuredImage: null,
        isPublished: !a.draft,
        isFeatured: Boolean(a.featured),
      });
      out.articles += 1;
    }
  }
  if ((await count('carousel_images')) === 0) {
    for (const c of CAROUSEL) {
      await addCarouselImage(ctx, authors.admin.userId, { ...c, isActive: true });
      out.carousel += 1;
    }
  }
  if ((await count('recognised_streamers')) === 0) {
    for (const s of STREAMERS) {
      await addStreamer(ctx, { ...s, isActive: true });
      out.streamers += 1;
    }
  }
  return out;
}
