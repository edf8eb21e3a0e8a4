import { describe, expect, it } from 'vitest';
import { ERRORS_TEXTS } from '../../../shared/texts/common';
import { appForFile } from '../../test/app-for-file';
import { hasUnsafeText } from './text-safety';

const t = appForFile({ admin: 'Admin' });

const NUL = 'a\u0000b';
const LONE_HIGH = 'x\ud800y';
const LONE_LOW = '\udc00';

describe('text that no database column can hold', () => {
  it('recognises NUL and lone surrogates anywhere in a value, keys included', () => {
    expect(hasUnsafeText('plain, with emoji 😀 and accents é')).toBe(false);
    expect(hasUnsafeText({ a: ['ok', { b: NUL }] })).toBe(true);
    expect(hasUnsafeText({ [LONE_LOW]: 1 })).toBe(true);
    expect(hasUnsafeText(['\ud83d\ude00'])).toBe(false);
    expect(hasUnsafeText('\ud83d')).toBe(true);
    expect(hasUnsafeText(42)).toBe(false);
    expect(hasUnsafeText(null)).toBe(false);
  });

  const probes: [string, string, Record<string, unknown> | undefined][] = [
    ['PATCH', '/api/me', { bio: NUL }],
    ['PATCH', '/api/me', { twitterUsername: LONE_HIGH }],
    ['PATCH', '/api/me', { themePreference: LONE_LOW }],
    ['POST', '/api/roles', { name: 'night', fullName: NUL }],
    ['POST', '/api/roles', { name: 'night', fullName: 'Night', description: LONE_HIGH }],
    ['POST', '/api/roles', { name: 'night', fullName: 'Night', permissions: [NUL] }],
    ['POST', '/api/notifications', { userId: 'x', title: NUL, message: 'm' }],
    ['PATCH', '/api/settings/site', { siteTitle: NUL }],
    ['PATCH', '/api/settings/site', { siteDescription: LONE_HIGH }],
    ['POST', '/api/page-visits', { path: `/${NUL}` }],
    ['POST', '/api/chat/messages', { content: LONE_HIGH }],
    ['POST', '/api/requests', { requestType: 'shoutout', message: NUL, requesterName: 'Kim' }],
    [
      'POST',
      '/api/auth/sign-up',
      { fullName: NUL, email: 'n@example.com', password: 'secret1', confirmPassword: 'secret1' },
    ],
    ['GET', '/api/songs/most-liked?q=a%00b', undefined],
    ['GET', '/api/members?q=%00', undefined],
    ['GET', '/api/music/search?q=%00', undefined],
    ['DELETE', '/api/roles/a%00b', undefined],
  ];

  it.each(probes)('%s %s: refused with a 400, nothing changed', async (method, url, body) => {
    const before = await t.dbh.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM roles) + (SELECT count(*) FROM notifications) + (SELECT count(*) FROM page_visits) + (SELECT count(*) FROM admin_settings) + (SELECT count(*) FROM presenter_chat_messages) + (SELECT count(*) FROM profiles) AS n`,
    );
    const res = await t.admin.request(method, url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: ERRORS_TEXTS.unsafeText });
    expect(ERRORS_TEXTS.unsafeText).toBe(
      'Text cannot contain the NUL character or broken Unicode (an unpaired surrogate).',
    );
    const after = await t.dbh.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM roles) + (SELECT count(*) FROM notifications) + (SELECT count(*) FROM page_visits) + (SELECT count(*) FROM admin_settings) + (SELECT count(*) FROM presenter_chat_messages) + (SELECT count(*) FROM profiles) AS n`,
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('a lone surrogate written as a JSON escape is refused too', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/settings/site',
      headers: {
        origin: 'http://localhost:3000',
        cookie: t.admin.cookie,
        'content-type': 'application/json',
      },
      payload: '{"siteTitle":"OnAir \\ud800 Radio"}',
    });
    expect(res.statusCode).toBe(400);
    expect((await t.admin.get('/api/settings/public')).json().siteTitle).not.toContain('\ud800');
  });
});
