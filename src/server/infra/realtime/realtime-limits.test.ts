import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../shared/events';
import { REALTIME_TEXTS } from '../../../shared/texts/common';
import { notify } from '../../modules/notifications/notifications.service';
import { appForFile } from '../../test/app-for-file';
import { openStream, sleep } from '../../test/sse-client';
import { Client, signUpMember, withTwoInstances } from '../../test/test-app';

/** One raw request to the event stream: status, headers, body (the stream is cut after `waitMs`). */
function rawEvents(
  base: string,
  opts: { method?: string; headers?: http.OutgoingHttpHeaders; path?: string } = {},
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; ended: boolean }>(
    (resolve, reject) => {
      const req = http.request(
        `${base}${opts.path ?? '/api/events'}`,
        { method: opts.method ?? 'GET', headers: { accept: 'text/event-stream', ...opts.headers } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            body += c;
          });
          const timer = setTimeout(() => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ended: false });
          }, 1500);
          res.on('end', () => {
            clearTimeout(timer);
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ended: true });
          });
        },
      );
      req.setTimeout(5000, () => {
        req.destroy();
        reject(new Error('no answer within 5 s'));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

const t = appForFile({ env: { EVENT_STREAMS_PER_ADDRESS: '3' }, listen: true });

describe('GET /api/events: bad input and HEAD', () => {
  it('answers a huge Last-Event-ID header with a clear 400, like the query form', async () => {
    for (const value of ['9'.repeat(25), '9'.repeat(400), '99999999999999999', 'abc', '-1', '1.5']) {
      const res = await rawEvents(t.base, { headers: { 'last-event-id': value } });
      expect(res.status, `Last-Event-ID: ${value.slice(0, 30)}`).toBe(400);
      expect(JSON.parse(res.body)).toEqual({
        error: { code: 'VALIDATION', message: REALTIME_TEXTS.badLastEventId },
      });
    }
    for (const value of ['9'.repeat(25), '1e30', '99999999999999999']) {
      const res = await rawEvents(t.base, { path: `/api/events?lastEventId=${value}` });
      expect(res.status, `?lastEventId=${value}`).toBe(400);
      expect(JSON.parse(res.body).error.code).toBe('VALIDATION');
    }
    // The largest id the database can compare still resumes normally.
    const ok = await rawEvents(t.base, { headers: { 'last-event-id': String(Number.MAX_SAFE_INTEGER) } });
    expect(ok.status).toBe(200);
  });

  it('answers HEAD at once with the stream headers and no stream', async () => {
    const res = await rawEvents(t.base, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.ended).toBe(true);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.body).toBe('');
  });
});

describe('anonymous event streams', () => {
  it('bounds open anonymous streams per client address; members are not counted; a closed one frees a slot', async () => {
    const member = await signUpMember(t.app, 'Counted Apart');
    const open = [openStream(t.base), openStream(t.base), openStream(t.base)];
    await Promise.all(open.map((s) => s.opened));
    const refused = await rawEvents(t.base);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).error.message).toBe(REALTIME_TEXTS.tooManyStreams);
    expect(refused.headers['retry-after']).toBeDefined();
    // A signed-in member from the same address still connects.
    const mine = openStream(t.base, { cookie: member.cookie });
    await mine.opened;
    open[0].close();
    await sleep(100);
    const again = openStream(t.base);
    await again.opened;
    for (const s of [...open, mine, again]) s.close();
  });
});

describe('signing out ends the streams that session opened', () => {
  it('closes them at sign-out: no direct message or notification reaches them afterwards', async () => {
    const m = await signUpMember(t.app, 'Leaving Soon');
    const other = await signUpMember(t.app, 'Still Here');
    const cookie = m.cookie;
    const s = openStream(t.base, { cookie });
    await s.opened;
    const otherStream = openStream(t.base, { cookie: other.cookie });
    await otherStream.opened;
    expect((await m.post('/api/auth/logout')).statusCode).toBe(200);
    await s.ended;
    // Whatever happens next is not delivered to the closed stream, and the old cookie is worthless.
    const c = (await other.post('/api/conversations', { userId: m.userId })).json().conversation;
    await other.post(`/api/conversations/${c.id}/messages`, { content: 'are you there?' });
    await notify(t.app.ctx, m.userId, { title: 'After sign-out', message: 'private' });
    await sleep(200);
    expect(s.events.some((e) => e.event === EVENT_TYPES.dmMessage)).toBe(false);
    expect(s.events.some((e) => e.event === EVENT_TYPES.notificationCreated)).toBe(false);
    // The other member's stream is untouched.
    await otherStream.waitFor(EVENT_TYPES.dmMessage);
    const stale = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(stale.json().me).toBeNull();
    otherStream.close();
  });

  it('keeps the member’s other sessions’ streams open', async () => {
    const m = await signUpMember(t.app, 'Two Devices');
    const phone = new Client(t.app);
    expect((await phone.post('/api/auth/login', { email: m.email, password: 'secret123' })).statusCode).toBe(
      200,
    );
    const laptop = openStream(t.base, { cookie: m.cookie });
    const mobile = openStream(t.base, { cookie: phone.cookie });
    await Promise.all([laptop.opened, mobile.opened]);
    expect((await m.post('/api/auth/logout')).statusCode).toBe(200);
    await laptop.ended;
    expect((await phone.get('/api/me')).json().me?.user.id).toBe(m.userId);
    await notify(t.app.ctx, m.userId, { title: 'Still on the phone', message: 'hi' });
    await mobile.waitFor(EVENT_TYPES.notificationCreated);
    mobile.close();
  });

  it('closes every stream of a member whose sessions an admin revokes', async () => {
    const admin = await signUpMember(t.app, 'Admin Maybe');
    await t.dbh.query(`UPDATE profiles SET role = 'admin' WHERE id = $1`, [admin.userId]);
    const m = await signUpMember(t.app, 'Revoked');
    const s = openStream(t.base, { cookie: m.cookie });
    await s.opened;
    const res = await admin.request('DELETE', `/api/users/${m.userId}/sessions`);
    expect(res.statusCode).toBe(200);
    expect(res.json().ended).toBeGreaterThanOrEqual(1);
    await s.ended;
    expect((await m.get('/api/me')).json().me).toBeNull();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('sessions ending across two instances on PostgreSQL', () => {
  it('closes the streams a session opened on the other instance at sign-out and at revocation', async () => {
    await withTwoInstances(async (one, two) => {
      const twoBase = await two.listen();
      const m = await signUpMember(one.app, 'Scaled Out');
      const s = openStream(twoBase, { cookie: m.cookie });
      await s.opened;
      await m.post('/api/auth/logout'); // through instance one
      await s.ended;
      await notify(one.app.ctx, m.userId, { title: 'after', message: 'x' });
      await sleep(200);
      expect(s.events.some((e) => e.event === EVENT_TYPES.notificationCreated)).toBe(false);

      const admin = await signUpMember(one.app, 'Revoker');
      await one.dbh.query(`UPDATE profiles SET role = 'admin' WHERE id = $1`, [admin.userId]);
      const r = await signUpMember(one.app, 'Revoked Remotely');
      const rs = openStream(twoBase, { cookie: r.cookie });
      await rs.opened;
      expect((await admin.request('DELETE', `/api/users/${r.userId}/sessions`)).statusCode).toBe(200);
      await rs.ended;
    });
  });
});
