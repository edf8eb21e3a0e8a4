import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../shared/events';
import { ScriptedBackend } from '../../test/scripted-backend';
import { openStream } from '../../test/sse-client';
import { createTestApp, signUpMember, type TestApp } from '../../test/test-app';
import { updateSiteSettings } from '../admin/site-settings.service';
import { nowPlayingSlot } from './now-playing.service';
import { embedPageData } from './page-data';

const INDEX = '<html><head><title>OnAir</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let backend: ScriptedBackend;
beforeAll(async () => {
  backend = new ScriptedBackend();
  // A built web app to serve: the page shell alone.
  const web = mkdtempSync(path.join(os.tmpdir(), 'onair-web-'));
  writeFileSync(path.join(web, 'index.html'), INDEX);
  t = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIR: web }, deps: { radioBackend: backend } });
  await backend.start(nowPlayingSlot.of(t.app.ctx));
});
afterAll(async () => t.close());

/** What the page carries, as the browser's JSON.parse of the script element's text would read it. */
function carried(html: string): Record<string, unknown> {
  const m = /<script id="page-data" type="application\/json"[^>]*>([^<]*)<\/script>/.exec(html);
  if (!m) throw new Error('no page-data script');
  return JSON.parse(m[1]);
}

const api = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();

describe('the page carries its first public reads', () => {
  it('the home page: exactly what the API answers for settings, now playing, carousel, schedule, news, streamers', async () => {
    const reads = carried(await embedPageData(t.app.ctx, INDEX, '/'));
    const urls = [
      '/api/settings/public',
      '/api/now-playing',
      '/api/carousel',
      '/api/schedule',
      '/api/news',
      '/api/streamers',
    ];
    expect(Object.keys(reads).sort()).toEqual([...urls].sort());
    for (const url of urls) expect(reads[url], url).toEqual(await api(url));
  });

  it('other pages carry their own read; unknown pages only what every page needs', async () => {
    expect(Object.keys(carried(await embedPageData(t.app.ctx, INDEX, '/chart?x=1')))).toContain('/api/chart');
    expect(Object.keys(carried(await embedPageData(t.app.ctx, INDEX, '/members/')))).toContain(
      '/api/members',
    );
    expect(Object.keys(carried(await embedPageData(t.app.ctx, INDEX, '/profile'))).sort()).toEqual([
      '/api/now-playing',
      '/api/settings/public',
    ]);
  });

  it('follows a change at once (the same cache the API answers from)', async () => {
    await updateSiteSettings(t.app.ctx, { siteTitle: 'Night Owl FM' });
    const reads = carried(await embedPageData(t.app.ctx, INDEX, '/'));
    expect(reads['/api/settings/public']).toMatchObject({ siteTitle: 'Night Owl FM' });
  });

  it('text written by staff cannot close the script element or open markup', async () => {
    const evil = '</script><script>alert(1)</script><!-- & \u2028';
    await updateSiteSettings(t.app.ctx, { siteTitle: `Owl ${evil}` });
    const html = await embedPageData(t.app.ctx, INDEX, '/');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(carried(html)['/api/settings/public']).toMatchObject({ siteTitle: `Owl ${evil}` });
  });

  it("the served page has it too; a visitor's says nobody is signed in; a member-only read is never in it", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toBe('Cookie');
    const reads = carried(res.body);
    expect(reads['/api/settings/public']).toBeDefined();
    // A visitor: the app need not ask who is signed in before drawing the page.
    expect(reads['/api/me']).toEqual({ me: null });
    expect(reads['/api/me']).toEqual(await api('/api/me'));
    // A member's page leaves their own reads to the app (it asks with its session).
    const member = await signUpMember(t.app, 'Page Reader');
    const mine = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: member.cookie } });
    const memberReads = carried(mine.body);
    expect(memberReads['/api/settings/public']).toBeDefined();
    expect(Object.keys(memberReads)).not.toContain('/api/me');
    expect(mine.body).not.toContain(member.email);
  });
});

/** The event id the page's reads are as of (the element's data-last-event-id). */
function asOf(html: string): string {
  const m = /<script id="page-data" type="application\/json" data-last-event-id="(\d+)">/.exec(html);
  if (!m) throw new Error('no page-data event id');
  return m[1];
}

describe('the page says which event its reads are as of; its stream resumes there', () => {
  it('a change published after the page was written reaches that page as an event, not a re-read', async () => {
    const base = await t.listen();
    const page = await embedPageData(t.app.ctx, INDEX, '/');
    const before = asOf(page);
    // The page's reads are as of `before`: the title is the old one.
    expect(carried(page)['/api/settings/public']).not.toMatchObject({ siteTitle: 'After The Page FM' });
    await updateSiteSettings(t.app.ctx, { siteTitle: 'After The Page FM' });
    // A page written now is as of the change.
    expect(Number(asOf(await embedPageData(t.app.ctx, INDEX, '/')))).toBeGreaterThan(Number(before));
    // The first page's stream, resuming after `before`, is told of the change.
    const stream = openStream(base, { lastEventId: before });
    await stream.opened;
    const e = await stream.waitFor(EVENT_TYPES.settingsChanged);
    expect(Number(e.id)).toBeGreaterThan(Number(before));
    expect(stream.events.map((x) => x.event)).not.toContain(EVENT_TYPES.resync);
    stream.close();
  });
});
