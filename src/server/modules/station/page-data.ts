import type { AppContext } from '../../context';
import { nowPlayingSlot } from './now-playing.service';

type Ctx = Pick<AppContext, 'station' | 'publicReads'> & {
  realtime: Pick<AppContext['realtime'], 'streamCursor'>;
};

/** Reads every page starts from: the site's settings (now playing, for the player, is added beside them). */
const EVERY_PAGE = ['/api/settings/public'];

/** The public reads each page asks for first (the same for every visitor), by path. */
const PAGE_READS: Record<string, string[]> = {
  '/': ['/api/carousel', '/api/schedule', '/api/news', '/api/streamers'],
  '/schedule': ['/api/schedule'],
  '/chart': ['/api/chart'],
  '/members': ['/api/members'],
  '/news': ['/api/news'],
  '/streamers': ['/api/streamers'],
};

/** A page's path without its query, fragment or trailing slash (the home page is '/'). */
export const barePath = (path: string) => path.split(/[?#]/)[0].replace(/\/+$/, '') || '/';

/** JSON that cannot end the script element it sits in (nor open a comment): `<`, `>` and `&` escaped. */
const scriptSafe = (json: string) =>
  json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Who asked for the page, as far as the request alone tells: a visitor carries no session cookie. */
export interface PageCaller {
  visitor: boolean;
}

/** What /api/me answers a visitor. */
const VISITOR_ME = '{"me":null}';

/**
 * Puts the page's first public reads in the page itself (`<script id="page-data" type="application/json">`),
 * from the same in-memory copies the API answers with: the app draws the page with them at once instead of
 * drawing it empty, asking, and drawing it again as each answer arrives (a quicker first screen on a slow
 * phone). Only reads that are the same for everyone; a member's own reads are always asked for. A visitor's
 * page also says that nobody is signed in (/api/me), so the app does not wait a round trip to learn it
 * before drawing the page; a caller with a session cookie is looked up by the app as before. The element's
 * `data-last-event-id` says which event the reads are as of: the app's event stream resumes after it, so a
 * change published meanwhile reaches the page as an event instead of the page reading everything again.
 */
export async function embedPageData(
  ctx: Ctx,
  html: string,
  path: string,
  caller: PageCaller = { visitor: false },
): Promise<string> {
  const bare = barePath(path);
  // Before the reads: every change after this event id is replayed to the page's stream (it resumes here).
  const cursor = ctx.realtime.streamCursor;
  const reads: Record<string, string> = {};
  for (const url of [...EVERY_PAGE, ...(PAGE_READS[bare] ?? [])]) {
    const read = ctx.publicReads.get(url);
    if (read?.audience !== 'everyone') continue;
    reads[url] = (await read.body({})).json;
  }
  reads['/api/now-playing'] = nowPlayingSlot.of(ctx).json;
  if (caller.visitor) reads['/api/me'] = VISITOR_ME;
  // The cached bodies are JSON text already: spliced in as they are, not parsed and written again.
  const body = Object.entries(reads)
    .map(([url, json]) => `${JSON.stringify(url)}:${json}`)
    .join(',');
  const tag = `<script id="page-data" type="application/json" data-last-event-id="${cursor}">${scriptSafe(`{${body}}`)}</script>`;
  return html.replace('</head>', () => `  ${tag}\n  </head>`);
}
