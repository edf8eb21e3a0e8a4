import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app-for-file';
import { tmpDir } from '../../test/fixtures/backups';
import { Client, memberWith, signUpMember } from '../../test/test-app';
import { verifyBackup } from './backup-reader';
import { backupsFolder, backupsSlot, runScheduledBackup } from './backups.service';

const t = appForFile({ admin: 'Station Admin', timeout: 60_000 });
let others: [string, Client][];
beforeAll(async () => {
  await t.dbh.query("UPDATE profiles SET role = 'admin' WHERE id = $1", [t.admin.userId]);
  others = [
    ['member', await signUpMember(t.app, 'Listener')],
    ['staff', await memberWith(t, 'staff')],
    ['radio manager', await memberWith(t, 'radio_manager')],
    ['developer', await memberWith(t, 'user', ['developer'])],
  ];
}, 60_000);

const ctx = () => t.app.ctx;
const backups = () => backupsSlot.of(ctx());

describe('backups in the admin panel', () => {
  it('are for admins only: 403 for every other member, 401 for visitors', async () => {
    const routes: [string, string, object?][] = [
      ['GET', '/api/admin/backups'],
      ['POST', '/api/admin/backups', {}],
      ['GET', '/api/admin/backups/manual-20261125-030000-abcd'],
      ['GET', '/api/admin/backup-schedule'],
      ['PUT', '/api/admin/backup-schedule', { enabled: false, time: '03:00', keep: 7 }],
    ];
    for (const [method, url, body] of routes) {
      for (const [who, c] of others) {
        const res = await c.request(method, url, body as never);
        expect(`${who} ${method} ${url} ${res.statusCode}`).toBe(`${who} ${method} ${url} 403`);
      }
      expect((await new Client(t.app).request(method, url, body as never)).statusCode).toBe(401);
    }
    expect((await t.admin.get('/api/admin/backups')).json()).toEqual({ backups: [] });
  });

  it('"Back up now" makes a backup that is listed with its size and downloads whole', async () => {
    const made = await t.admin.post('/api/admin/backups');
    expect(made.statusCode).toBe(201);
    const { backup } = made.json();
    expect(backup.id).toMatch(/^manual-\d{8}-\d{6}-[0-9a-f]{4}$/);
    expect(backup.sizeBytes).toBeGreaterThan(1000);
    expect((await t.admin.get('/api/admin/backups')).json().backups).toEqual([backup]);

    const file = await t.admin.get(`/api/admin/backups/${backup.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/gzip');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="onair-${backup.id}.tar.gz"`);
    expect(file.rawPayload.length).toBe(backup.sizeBytes);
    const copy = path.join(tmpDir('download'), 'copy.tar.gz');
    writeFileSync(copy, file.rawPayload);
    const manifest = await verifyBackup(copy);
    expect(manifest.tables.find((x) => x.name === 'profiles')?.rows).toBeGreaterThanOrEqual(5);
  });

  it('answers 404 to an unknown id and to any id that tries to leave the backups folder', async () => {
    writeFileSync(path.join(ctx().config.dataDir, 'secret.tar.gz'), 'not yours');
    for (const id of ['nope-20260101-000000-0000', '..%2Fsecret', '%2E%2E%2Fsecret', '.hidden', '..']) {
      const res = await t.admin.get(`/api/admin/backups/${id}`);
      expect([id, res.statusCode]).toEqual([id, 404]);
      expect(res.body).not.toContain('not yours');
    }
  });

  it('keeps a daily schedule in the station time zone, refusing a time that is not one', async () => {
    expect((await t.admin.get('/api/admin/backup-schedule')).json()).toEqual({
      enabled: true,
      time: '03:00',
      keep: 7,
      timeZone: 'Europe/London',
      lastScheduledDay: null,
    });
    const bad = await t.admin.put('/api/admin/backup-schedule', { enabled: true, time: '25:00', keep: 7 });
    expect(bad.statusCode).toBe(400);
    const none = await t.admin.put('/api/admin/backup-schedule', { enabled: true, time: '02:30', keep: 0 });
    expect(none.statusCode).toBe(400);
    const ok = await t.admin.put('/api/admin/backup-schedule', { enabled: true, time: '02:30', keep: 2 });
    expect(ok.json()).toMatchObject({ enabled: true, time: '02:30', keep: 2 });
  });

  it('takes the scheduled backup once a day after the set time, and keeps only the newest N', async () => {
    // 01:00 UTC on 1 June is 02:00 in London (summer time): before 02:30.
    expect(await runScheduledBackup(ctx(), backups(), new Date('2026-06-01T01:00:00Z'))).toEqual({
      ran: false,
      reason: 'not yet',
    });
    const first = await runScheduledBackup(ctx(), backups(), new Date('2026-06-01T01:45:00Z'));
    expect(first).toMatchObject({ ran: true });
    expect(await runScheduledBackup(ctx(), backups(), new Date('2026-06-01T05:00:00Z'))).toEqual({
      ran: false,
      reason: 'done today',
    });
    const second = await runScheduledBackup(ctx(), backups(), new Date('2026-06-02T02:00:00Z'));
    expect(second).toMatchObject({ ran: true });
    // keep = 2: the manual backup of the earlier test, the oldest, is gone.
    const ids = (await t.admin.get('/api/admin/backups')).json().backups.map((b: { id: string }) => b.id);
    expect(ids).toEqual([
      (second as { backup: { id: string } }).backup.id,
      (first as { backup: { id: string } }).backup.id,
    ]);
    expect((await t.admin.get('/api/admin/backup-schedule')).json().lastScheduledDay).toBe('2026-06-02');

    await t.admin.put('/api/admin/backup-schedule', { enabled: false, time: '02:30', keep: 2 });
    expect(await runScheduledBackup(ctx(), backups(), new Date('2026-06-03T02:00:00Z'))).toEqual({
      ran: false,
      reason: 'off',
    });
  });

  it('tells admins through the bell and the system logs when the scheduled backup fails', async () => {
    await t.admin.put('/api/admin/backup-schedule', { enabled: true, time: '00:00', keep: 7 });
    // The backups folder cannot be created: a file sits where it should be.
    const folder = backupsFolder(ctx().config.dataDir);
    rmSync(folder, { recursive: true, force: true });
    writeFileSync(folder, 'in the way');
    try {
      expect(await runScheduledBackup(ctx(), backups(), new Date('2026-06-04T12:00:00Z'))).toEqual({
        ran: false,
        reason: 'failed',
      });
    } finally {
      rmSync(folder, { force: true });
    }
    const bell = (await t.admin.get('/api/notifications')).json().notifications;
    expect(bell[0]).toMatchObject({ title: 'Backup failed', link: '/admin?tab=site-settings' });
    const { rows } = await t.dbh.query<{ message: string }>(
      "SELECT message FROM system_logs WHERE component = 'backups' AND log_level = 'error'",
    );
    expect(rows[0]?.message).toMatch(/^The scheduled backup failed: /);
    // Members who are not admins hear nothing of it.
    const [, member] = others[0] as [string, Client];
    expect((await member.get('/api/notifications')).json().notifications).toEqual([]);
  });
});
