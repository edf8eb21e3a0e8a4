import { beforeAll, describe, expect, it } from 'vitest';
import { EXTRA_ROLE_NAMES } from '../../../shared/permissions';
import { appForFile } from '../../test/app-for-file';
import { Client, memberWith } from '../../test/test-app';
import { describeAccess } from './access';

/**
 * The permission matrix: for every route, who gets past the access check. A route added without a row
 * here fails the first test, so every new route is decided on purpose.
 */
const ALL = 'all';
const SIGNED_IN = 'signed-in';
const ADMIN = 'admin';
/** Only the station engine, with its token: every person is refused (403, even anonymous). */
const ENGINE = 'engine';
/** Only Discord, with a valid Ed25519 signature: every person is refused (401). */
const DISCORD = 'discord-signed';
type Expect = typeof ALL | typeof SIGNED_IN | typeof ADMIN | typeof ENGINE | typeof DISCORD | string[];
/** The presenter panel: presenters and the holder of any extra role (admins hold everything). */
const PANEL = ['presenter', ...EXTRA_ROLE_NAMES];

const MATRIX: Record<string, Expect> = {
  'GET /healthz': ALL,
  'GET /api/openapi.json': ALL,
  // Token or loopback, checked in the handler (metrics.test.ts).
  'GET /metrics': ALL,
  'GET /manifest.webmanifest': ALL,
  'GET /robots.txt': ALL,
  'GET /sitemap.xml': ALL,
  'POST /api/auth/sign-up': ALL,
  'POST /api/auth/login': ALL,
  'POST /api/auth/logout': ALL,
  'GET /api/auth/verify-email': ALL,
  'GET /api/me': ALL,
  'PATCH /api/me': SIGNED_IN,
  'GET /api/users': ADMIN,
  'PATCH /api/users/:id/role': ADMIN,
  'DELETE /api/users/:id/sessions': ADMIN,
  'GET /api/roles': ADMIN,
  'GET /api/roles/catalogue': ADMIN,
  'POST /api/roles': ADMIN,
  'PATCH /api/roles/:id': ADMIN,
  'DELETE /api/roles/:id': ADMIN,
  'GET /api/role-assignments': ADMIN,
  'POST /api/role-assignments': ADMIN,
  'DELETE /api/role-assignments/:id': ADMIN,
  'GET /api/notifications': SIGNED_IN,
  'POST /api/notifications/:id/read': SIGNED_IN,
  'POST /api/notifications/read-all': SIGNED_IN,
  'DELETE /api/notifications/:id': SIGNED_IN,
  'POST /api/notifications': ADMIN,
  'GET /api/settings/public': ALL,
  // The Radio Manager system role carries manage_station_settings (its template's permissions).
  'PATCH /api/settings/site': ['radio_manager'],
  'POST /api/page-visits': ALL,
  // A stream: checked over real HTTP in realtime.test.ts.
  'GET /api/events': ALL,
  // On air
  'GET /api/now-playing': ALL,
  // The web booth's WebSocket: it refuses signed-out members and non-presenters itself, with a message
  // the page shows (booth.integration.test.ts); a plain GET is not a WebSocket and reaches nothing.
  'GET /api/presenter/booth': ALL,
  'GET /stream': ALL,
  // Stream qualities and HLS
  'GET /stream/:quality': ALL,
  'GET /hls/:file': ALL,
  'POST /api/station/engine/auth': ENGINE,
  'POST /api/station/engine/event': ENGINE,
  // The media library's engine side
  'POST /api/station/engine/next': ENGINE,
  // Listen again and the podcast: hide and delete are decided per recording in the service
  // (its presenter, or recordings.manage); an unknown recording is a 404 for every signed-in caller.
  'GET /api/recordings': ALL,
  'GET /api/recordings/shows': ALL,
  'GET /api/recordings/manage': SIGNED_IN,
  'PATCH /api/recordings/:id': SIGNED_IN,
  'DELETE /api/recordings/:id': SIGNED_IN,
  'GET /api/recordings/:id/audio.mp3': ALL,
  'GET /podcast.xml': ALL,
  'GET /api/station/status': ADMIN,
  'POST /api/station/commands/:action': ADMIN,
  'GET /api/station/streamers': ADMIN,
  'POST /api/station/streamers': ADMIN,
  'PATCH /api/station/streamers/:id': ADMIN,
  'DELETE /api/station/streamers/:id': ADMIN,
  'GET /api/station/my-credentials': ['presenter'],
  'POST /api/station/my-credentials': ['presenter'],
  // DJ tools: Stream Info's connection check
  'GET /api/station/my-connection': ['presenter'],
  'GET /api/songs/most-liked': ALL,
  'GET /api/songs/most-played': ALL,
  'POST /api/likes/toggle': SIGNED_IN,
  'GET /api/likes': SIGNED_IN,
  'GET /api/chart': ALL,
  'POST /api/chart/generate': ['radio_manager', 'manager'],
  'GET /api/schedule': ALL,
  'POST /api/schedule/slots': ['radio_manager', 'staff'],
  'PATCH /api/schedule/slots/:id': ['radio_manager', 'staff'],
  'DELETE /api/schedule/slots/:id': ['radio_manager', 'staff'],
  // Requests, banned songs, applications
  'GET /api/requests': ALL,
  'POST /api/requests': ALL,
  'PATCH /api/requests/:id/status': ['presenter', 'moderator', 'staff'],
  'GET /api/requests/settings': ALL,
  'PATCH /api/requests/settings': ['presenter', 'moderator', 'staff'],
  'GET /api/music/search': ALL,
  'GET /api/banned-songs': ALL,
  'POST /api/banned-songs': ADMIN,
  'PATCH /api/banned-songs/:id': ADMIN,
  'DELETE /api/banned-songs/:id': ADMIN,
  'GET /api/applications/mine': SIGNED_IN,
  'POST /api/applications': SIGNED_IN,
  'GET /api/applications': ADMIN,
  'POST /api/applications/:id/approve': ADMIN,
  'POST /api/applications/:id/reject': ADMIN,
  // Community
  'POST /api/me/picture': SIGNED_IN,
  'GET /uploads/*': ALL,
  'GET /api/badges': ALL,
  'GET /api/badges/mine': SIGNED_IN,
  'POST /api/badges/unlock': SIGNED_IN,
  'GET /api/chat/messages': SIGNED_IN,
  'POST /api/chat/messages': SIGNED_IN,
  // The author deletes their own message, moderators anyone's: checked in the service (chat.test.ts).
  'DELETE /api/chat/messages/:id': SIGNED_IN,
  'GET /api/members': ALL,
  'GET /api/team': ALL,
  'GET /api/conversations': SIGNED_IN,
  'POST /api/conversations': SIGNED_IN,
  'GET /api/conversations/:id/messages': SIGNED_IN,
  'POST /api/conversations/:id/messages': SIGNED_IN,
  'POST /api/conversations/:id/read': SIGNED_IN,
  'DELETE /api/messages/:id': SIGNED_IN,
  // Safety: blocks are each member's own; the report queue is for moderators and admins.
  'GET /api/blocks': SIGNED_IN,
  'POST /api/blocks': SIGNED_IN,
  'DELETE /api/blocks/:userId': SIGNED_IN,
  'POST /api/reports': SIGNED_IN,
  'GET /api/reports': ['moderator', 'content_moderator'],
  'PATCH /api/reports/:id': ['moderator', 'content_moderator'],
  // Admin panel
  'GET /api/admin/dashboard': ADMIN,
  // Backups: admins only.
  'GET /api/admin/backups': ADMIN,
  'POST /api/admin/backups': ADMIN,
  'GET /api/admin/backups/:id': ADMIN,
  'GET /api/admin/backup-schedule': ADMIN,
  'PUT /api/admin/backup-schedule': ADMIN,
  // The view_analytics permission of the Radio Manager and Manager system roles.
  'GET /api/admin/analytics': ['radio_manager', 'manager'],
  // Listener analytics and reports: who sees Analytics; the royalty report is admins' only.
  'GET /api/admin/analytics/audience': ['radio_manager', 'manager'],
  'GET /api/admin/analytics/audience.csv': ['radio_manager', 'manager'],
  'GET /api/admin/reports/listeners': ['radio_manager', 'manager'],
  'GET /api/admin/reports/plays.csv': ADMIN,
  // Site settings: settings.manage, which the Radio Manager system role holds (manage_station_settings).
  'GET /api/settings/site': ['radio_manager'],
  'POST /api/users': ADMIN,
  'POST /api/users/:id/set-password-link': ADMIN,
  'POST /api/auth/set-password': ALL,
  // Discord and support. Another member's ticket or link code is checked in their own tests.
  'GET /api/discord/settings': ADMIN,
  'PUT /api/discord/webhook': ADMIN,
  'PUT /api/discord/announcements': ADMIN,
  'GET /api/discord/messages': ADMIN,
  'POST /api/discord/messages': ADMIN,
  'POST /api/discord/messages/:id/retry': ADMIN,
  'GET /api/me/discord': SIGNED_IN,
  'POST /api/me/discord/verify': SIGNED_IN,
  'DELETE /api/me/discord': SIGNED_IN,
  'POST /api/discord/interactions': DISCORD,
  'GET /api/support/tickets': SIGNED_IN,
  'POST /api/support/tickets': SIGNED_IN,
  'GET /api/support/tickets/:id': SIGNED_IN,
  'POST /api/support/tickets/:id/messages': SIGNED_IN,
  'GET /api/admin/support/tickets': ADMIN,
  'GET /api/admin/support/tickets/:id': ADMIN,
  'PATCH /api/admin/support/tickets/:id': ADMIN,
  'POST /api/admin/support/tickets/:id/messages': ADMIN,
  // Shop, tokens and card payments
  'GET /api/shop': ALL,
  'GET /api/shop/me': SIGNED_IN,
  'POST /api/shop/items/:id/buy': SIGNED_IN,
  'POST /api/shop/checkout': SIGNED_IN,
  'GET /api/shop/orders/session/:id': SIGNED_IN,
  'GET /api/shop/admin/catalogue': ADMIN,
  'POST /api/shop/categories': ADMIN,
  'PATCH /api/shop/categories/:id': ADMIN,
  'DELETE /api/shop/categories/:id': ADMIN,
  'POST /api/shop/items': ADMIN,
  'PATCH /api/shop/items/:id': ADMIN,
  'DELETE /api/shop/items/:id': ADMIN,
  'GET /api/shop/recipients': ADMIN,
  'POST /api/shop/gifts': ADMIN,
  'GET /api/shop/orders': ADMIN,
  // Stripe's signed events: anyone may call, only a valid signature changes anything.
  'POST /api/stripe/webhook': ALL,
  // News, carousel, community streamers
  'GET /api/news': ALL,
  'GET /api/news/slug/:slug': ALL,
  'GET /news/rss.xml': ALL,
  'GET /api/news/manage': ['news_reporter'],
  'POST /api/news': ['news_reporter'],
  'PATCH /api/news/:id': ['news_reporter'],
  'PATCH /api/news/:id/flags': ['news_reporter'],
  'POST /api/news/:id/discord': ['news_reporter'],
  'DELETE /api/news/:id': ['news_reporter'],
  'GET /api/carousel': ALL,
  'GET /api/carousel/all': ADMIN,
  'POST /api/carousel': ADMIN,
  'PATCH /api/carousel/:id': ADMIN,
  'POST /api/carousel/:id/move': ADMIN,
  'DELETE /api/carousel/:id': ADMIN,
  'POST /api/carousel/upload': ADMIN,
  'GET /api/streamers': ALL,
  'GET /api/streamers/all': ADMIN,
  'POST /api/streamers': ADMIN,
  'PATCH /api/streamers/:id': ADMIN,
  'DELETE /api/streamers/:id': ADMIN,
  // Presenter and staff panels
  'GET /api/schedule/slots': ['radio_manager', 'staff'],
  'GET /api/schedule/presenters': ['radio_manager', 'staff'],
  'POST /api/schedule/slots/:id/decision': ['radio_manager', 'staff'],
  'GET /api/schedule/board': ['presenter'],
  'POST /api/schedule/my-slots': ['presenter'],
  'PATCH /api/schedule/my-slots/:id': ['presenter'],
  'DELETE /api/schedule/my-slots/:id': ['presenter'],
  'GET /api/staff/people': PANEL,
  'GET /api/staff/presenter-rules': PANEL,
  'GET /api/staff/ideas': ['presenter'],
  'POST /api/staff/ideas': ['presenter'],
  'POST /api/staff/ideas/:id/claim': ['presenter'],
  'PATCH /api/staff/ideas/:id': ADMIN,
  'DELETE /api/staff/ideas/:id': ADMIN,
  'GET /api/staff/training-sessions': ['radio_mentor'],
  'POST /api/staff/training-sessions': ['radio_mentor'],
  // The training quiz: mentors write and set quizzes; trainees (anyone signed in) take theirs.
  'GET /api/staff/quizzes': ['radio_mentor'],
  'POST /api/staff/quizzes': ['radio_mentor'],
  'POST /api/staff/quizzes/:id/assignments': ['radio_mentor'],
  'GET /api/training/quizzes': SIGNED_IN,
  'POST /api/training/quizzes/:id/start': SIGNED_IN,
  'POST /api/training/quizzes/:id/submit': SIGNED_IN,
  'GET /api/staff/moderation': ['moderator', 'content_moderator'],
  'POST /api/staff/moderation/warnings': ['moderator', 'content_moderator'],
  'GET /api/staff/presenter-stats': ['radio_manager', 'manager'],
  'POST /api/staff/presenter-stats/generate': ['radio_manager', 'manager'],
  'PATCH /api/staff/presenter-stats/:id': ['radio_manager', 'manager'],
  'GET /api/staff/system/status': ['developer'],
  'GET /api/staff/system/logs': ['developer'],
  'GET /api/staff/system/database': ['developer'],
  'GET /api/staff/audit': ['developer'],
  'GET /api/staff/api-keys': ['developer'],
  'POST /api/staff/api-keys': ['developer'],
  'POST /api/staff/api-keys/:id/revoke': ['developer'],
  'GET /api/key-info': ALL,
  // Playlists, the AutoDJ queue and its settings: admins and holders of manage_playlists.
  'GET /api/media/playlists': ['radio_manager'],
  'POST /api/media/playlists': ['radio_manager'],
  'GET /api/media/playlists/:id': ['radio_manager'],
  'PATCH /api/media/playlists/:id': ['radio_manager'],
  'DELETE /api/media/playlists/:id': ['radio_manager'],
  'PUT /api/media/playlists/:id/tracks': ['radio_manager'],
  'GET /api/media/queue': ['radio_manager'],
  'DELETE /api/media/queue/:id': ['radio_manager'],
  'POST /api/media/queue/skip': ['radio_manager'],
  'GET /api/media/settings': ['radio_manager'],
  'PATCH /api/media/settings': ['radio_manager'],
  // Media library: admins and holders of manage_playlists (the radio_manager role holds it).
  'POST /api/media/tracks': ['radio_manager'],
  'GET /api/media/tracks': ['radio_manager'],
  'GET /api/media/folder-import': ['radio_manager'],
  'POST /api/media/tracks/bulk-edit': ['radio_manager'],
  // Also presenters who may broadcast: the web booth's deck plays it (and searches the library for it).
  'GET /api/media/tracks/:id/audio': ['radio_manager', 'presenter'],
  'GET /api/media/deck': ['radio_manager', 'presenter'],
  'PATCH /api/media/tracks/:id': ['radio_manager'],
  'PUT /api/media/tracks/:id/art': ['radio_manager'],
  'DELETE /api/media/tracks/:id': ['radio_manager'],
  'PUT /api/media/tracks/:id/cue': ['radio_manager'],
  'GET /api/media/tracks/:id/peaks': ['radio_manager'],
};

/** Routes that never answer within inject (streams) are exercised elsewhere. */
const STREAMS = new Set(['GET /api/events']);

const t = appForFile({ timeout: 120_000 });
const principals: { name: string; client: Client }[] = [];

beforeAll(async () => {
  const admin = await memberWith(t, 'admin', [], 'Matrix Admin');
  principals.push({ name: 'anonymous', client: new Client(t.app) });
  principals.push({ name: 'user', client: await memberWith(t, 'user') });
  principals.push({ name: 'presenter', client: await memberWith(t, 'presenter') });
  principals.push({ name: 'staff', client: await memberWith(t, 'staff') });
  for (const role of EXTRA_ROLE_NAMES)
    principals.push({ name: role, client: await memberWith(t, 'user', [role]) });
  principals.push({ name: 'admin', client: admin });
}, 120_000);

const routes = () =>
  t.app.registeredRoutes
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => ({
      ...r,
      key: `${r.method} ${r.url}`,
    }));

function allowed(expectation: Expect, principal: string) {
  if (expectation === ALL) return true;
  if (expectation === SIGNED_IN) return principal !== 'anonymous';
  if (expectation === ADMIN) return principal === 'admin';
  if (expectation === ENGINE || expectation === DISCORD) return false;
  return expectation.includes(principal) || principal === 'admin';
}

describe('access declarations', () => {
  it('every registered route declares its access and has a row in the matrix', () => {
    const undeclared = routes()
      .filter((r) => r.access === undefined)
      .map((r) => r.key);
    expect(undeclared).toEqual([]);
    const missing = routes()
      .filter((r) => !(r.key in MATRIX))
      .map((r) => `${r.key} (${describeAccess(r.access)})`);
    expect(missing).toEqual([]);
  });

  it('refuses a route that declares nothing, to everyone', async () => {
    // A route registered by mistake without access: the access hook refuses it.
    const { default: Fastify } = await import('fastify');
    const { accessPlugin } = await import('./access');
    const { errorsPlugin } = await import('./errors');
    const bare = Fastify();
    await bare.register(errorsPlugin);
    await bare.register(accessPlugin, { resolveActor: async () => null, trustedOrigins: [] });
    bare.get('/oops', async () => 'secret');
    const res = await bare.inject({ method: 'GET', url: '/oops' });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('secret');
    await bare.close();
  });
});

describe('permission matrix', () => {
  it('gives each principal exactly the expected allow or deny on every route', async () => {
    const failures: string[] = [];
    const list = routes()
      .filter((r) => !STREAMS.has(r.key))
      // Logging out ends the principal's session: do it last.
      .sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
    for (const route of list) {
      const url = route.url.replace(/:id/g, '00000000-0000-0000-0000-000000000000');
      for (const p of principals) {
        const res = await p.client.request(route.method, url, route.method === 'GET' ? undefined : {});
        const denied = res.statusCode === 401 || res.statusCode === 403;
        const expectAllowed = allowed(MATRIX[route.key], p.name);
        if (expectAllowed === denied) {
          failures.push(
            `${route.key} as ${p.name}: got ${res.statusCode}, expected ${expectAllowed ? 'allow' : 'deny'}`,
          );
        }
        if (
          !expectAllowed &&
          p.name === 'anonymous' &&
          MATRIX[route.key] !== ENGINE &&
          res.statusCode !== 401
        ) {
          failures.push(`${route.key} as anonymous: expected 401, got ${res.statusCode}`);
        }
        if (res.statusCode >= 500) failures.push(`${route.key} as ${p.name}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
    // Every route times every principal, one request after another: minutes on a busy machine.
  }, 300_000);
});
