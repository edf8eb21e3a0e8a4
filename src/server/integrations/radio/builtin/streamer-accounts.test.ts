import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../db/client';
import { stationStreamers } from '../../../modules/station/station.table';
import { freshDatabase } from '../../../test/test-app';
import { RadioBackendError } from '../types';
import { BuiltinBackend } from './builtin-backend';
import { hashPassword, sameSecret, verifyPassword } from './passwords';

let dbh: DbHandle & { drop(): Promise<void> };
let backend: BuiltinBackend;

beforeAll(async () => {
  dbh = await freshDatabase();
  backend = new BuiltinBackend({
    config: {
      MUSIC_DIR: path.join(os.tmpdir(), 'unused-music'),
      STATION_BIND_ADDRESS: '127.0.0.1',
      ICECAST_PORT: 8000,
      HARBOR_PORT: 8005,
      STATION_MOUNT: '/radio.mp3',
      STATION_USER: 'nobody',
      dataDir: path.join(os.tmpdir(), 'unused-data'),
    },
    db: dbh.db,
    log: pino({ level: 'silent' }),
    appUrl: 'http://127.0.0.1:3000',
  });
});
afterAll(() => dbh?.drop());

const login = (user: string, password: string, address = '10.0.0.1') =>
  backend.authenticate({ user, password, address });

describe('streamer accounts of the built-in engine', () => {
  it('creates an account whose password is stored only hashed', async () => {
    const account = await backend.createStreamer({
      username: 'presenter-0042',
      password: 'K7Q2M9XA',
      displayName: 'Ada Marlowe',
      comments: 'Sunday mornings',
    });
    expect(account).toMatchObject({ username: 'presenter-0042', displayName: 'Ada Marlowe', isActive: true });
    expect(account.updatedAt).toEqual(expect.any(String));
    const [row] = await dbh.db.select().from(stationStreamers).where(eq(stationStreamers.id, account.id));
    expect(row.passwordHash).not.toContain('K7Q2M9XA');
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect((await backend.listStreamers()).map((s) => s.username)).toContain('presenter-0042');
  });

  it('refuses a username that is taken, saying so', async () => {
    const again = backend.createStreamer({
      username: 'presenter-0042',
      password: 'another1',
      displayName: 'X',
    });
    await expect(again).rejects.toBeInstanceOf(RadioBackendError);
    await expect(again).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringMatching(/already taken/),
    });
  });

  it('refuses unusable usernames and short passwords', async () => {
    for (const input of [
      { username: 'has space', password: 'secret123', displayName: 'A' },
      { username: 'ok-name', password: '123', displayName: 'A' },
      { username: 'ok-name', password: 'secret123', displayName: ' ' },
    ]) {
      await expect(backend.createStreamer(input)).rejects.toMatchObject({ kind: 'rejected' });
    }
  });

  it('lets in an active account with the right password only', async () => {
    expect(await login('presenter-0042', 'K7Q2M9XA')).toBe(true);
    expect(await login('presenter-0042', 'k7q2m9xa')).toBe(false);
    expect(await login('nobody-here', 'K7Q2M9XA')).toBe(false);
  });

  it('changes the password (hashed again) and the other fields', async () => {
    const [s] = (await backend.listStreamers()).filter((x) => x.username === 'presenter-0042');
    const updated = await backend.updateStreamer(s.id, {
      password: 'NEWPASS1',
      displayName: 'Ada M.',
      comments: null,
    });
    expect(updated).toMatchObject({ displayName: 'Ada M.', comments: null });
    expect(await login('presenter-0042', 'K7Q2M9XA')).toBe(false);
    expect(await login('presenter-0042', 'NEWPASS1')).toBe(true);
  });

  it('disables and enables an account', async () => {
    const [s] = (await backend.listStreamers()).filter((x) => x.username === 'presenter-0042');
    expect((await backend.updateStreamer(s.id, { isActive: false })).isActive).toBe(false);
    expect(await login('presenter-0042', 'NEWPASS1')).toBe(false);
    await backend.updateStreamer(s.id, { isActive: true });
    expect(await login('presenter-0042', 'NEWPASS1')).toBe(true);
  });

  it('deletes an account (twice is fine) and says when an id does not exist', async () => {
    const [s] = (await backend.listStreamers()).filter((x) => x.username === 'presenter-0042');
    await backend.deleteStreamer(s.id);
    await backend.deleteStreamer(s.id);
    await backend.deleteStreamer('not-a-uuid');
    expect(await login('presenter-0042', 'NEWPASS1')).toBe(false);
    await expect(backend.updateStreamer(s.id, { isActive: true })).rejects.toMatchObject({
      kind: 'rejected',
    });
    await expect(backend.updateStreamer('not-a-uuid', {})).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('stops checking passwords from an address after 10 refusals', async () => {
    await backend.createStreamer({ username: 'dj-brute', password: 'right-one', displayName: 'Target' });
    for (let i = 0; i < 10; i++) expect(await login('dj-brute', `guess-${i}`, '203.0.113.9')).toBe(false);
    expect(await login('dj-brute', 'right-one', '203.0.113.9')).toBe(false);
    expect(await login('dj-brute', 'right-one', '198.51.100.7')).toBe(true);
  });
});

describe('secrets', () => {
  it('hashes with a salt and verifies in constant time', async () => {
    const a = await hashPassword('s3cret!');
    expect(a).not.toBe(await hashPassword('s3cret!'));
    expect(await verifyPassword('s3cret!', a)).toBe(true);
    expect(await verifyPassword('s3cret?', a)).toBe(false);
    expect(await verifyPassword('s3cret!', 'garbage')).toBe(false);
  });

  it('checks the engine token', () => {
    expect(backend.verifyEngineToken(backend.engineToken)).toBe(true);
    expect(backend.verifyEngineToken(`${backend.engineToken}x`)).toBe(false);
    expect(backend.verifyEngineToken(undefined)).toBe(false);
    expect(sameSecret('', '')).toBe(false);
  });
});
