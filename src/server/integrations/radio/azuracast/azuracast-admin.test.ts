import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAzuraCast } from '../../../test/fakes/fake-azuracast';
import { createTestLogger } from '../../../test/fakes/test-logger';
import { RadioBackendError } from '../types';
import { AzuraCastBackend } from './azuracast-backend';

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function setup(apiKey: string | null = 'secret-key') {
  const az = await startFakeAzuraCast({ apiKey: 'secret-key', stationId: 3, shortcode: 'onair' });
  close = az.close;
  const backend = new AzuraCastBackend({
    baseUrl: `${az.url}/`,
    apiKey: apiKey ?? undefined,
    station: '3',
    useSse: false,
    log: createTestLogger(),
  });
  const last = () => az.requests.at(-1)!;
  return { az, backend, last };
}

async function failure(p: Promise<unknown>): Promise<RadioBackendError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RadioBackendError);
  return err as RadioBackendError;
}

describe('AzuraCastBackend streamer accounts', () => {
  it('creates, lists, updates, disables, enables and deletes streamers through the AzuraCast API', async () => {
    const { az, backend, last } = await setup();

    const created = await backend.createStreamer({
      username: 'presenter-1234',
      password: 'ABCD1234',
      displayName: 'Anna',
      comments: 'Sunday show',
    });
    expect(last()).toMatchObject({ method: 'POST', path: '/api/station/3/streamers' });
    expect(last().headers['x-api-key']).toBe('secret-key');
    expect(JSON.parse(last().body)).toEqual({
      streamer_username: 'presenter-1234',
      streamer_password: 'ABCD1234',
      display_name: 'Anna',
      comments: 'Sunday show',
      is_active: true,
    });
    expect(created).toEqual({
      id: '1',
      username: 'presenter-1234',
      displayName: 'Anna',
      comments: 'Sunday show',
      isActive: true,
      updatedAt: null,
    });
    expect(az.streamers[0].password).toBe('ABCD1234');

    await backend.createStreamer({
      username: 'presenter-5678',
      password: 'ZZZZ9999',
      displayName: '',
      isActive: false,
    });
    const list = await backend.listStreamers();
    expect(last()).toMatchObject({ method: 'GET', path: '/api/station/3/streamers' });
    expect(list.map((s) => [s.id, s.username, s.displayName, s.isActive, s.comments])).toEqual([
      ['1', 'presenter-1234', 'Anna', true, 'Sunday show'],
      ['2', 'presenter-5678', 'presenter-5678', false, null],
    ]);

    const renamed = await backend.updateStreamer('1', { displayName: 'Anna B', password: 'NEWPASS1' });
    const put = az.requests.at(-2)!;
    expect(put).toMatchObject({ method: 'PUT', path: '/api/station/3/streamer/1' });
    expect(put.headers['x-api-key']).toBe('secret-key');
    expect(JSON.parse(put.body)).toEqual({ display_name: 'Anna B', streamer_password: 'NEWPASS1' });
    expect(last()).toMatchObject({ method: 'GET', path: '/api/station/3/streamer/1' });
    expect(renamed).toMatchObject({ id: '1', displayName: 'Anna B', isActive: true });
    expect(az.streamers[0].password).toBe('NEWPASS1');

    const disabled = await backend.updateStreamer('1', { isActive: false });
    expect(JSON.parse(az.requests.at(-2)!.body)).toEqual({ is_active: false });
    expect(disabled.isActive).toBe(false);
    expect((await backend.updateStreamer('1', { isActive: true })).isActive).toBe(true);

    await backend.deleteStreamer('2');
    expect(last()).toMatchObject({ method: 'DELETE', path: '/api/station/3/streamer/2' });
    expect(last().headers['x-api-key']).toBe('secret-key');
    expect((await backend.listStreamers()).map((s) => s.id)).toEqual(['1']);
  });

  it("passes on AzuraCast's reason when it refuses (validation, unknown streamer)", async () => {
    const { backend } = await setup();
    await backend.createStreamer({ username: 'dup', password: 'x', displayName: 'Dup' });
    const dup = await failure(
      backend.createStreamer({ username: 'dup', password: 'y', displayName: 'Dup 2' }),
    );
    expect(dup.kind).toBe('rejected');
    expect(dup.message).toBe(
      'AzuraCast refused POST /api/station/3/streamers (HTTP 400): streamer_username: This value is already used.',
    );
    const missing = await failure(backend.updateStreamer('99', { isActive: false }));
    expect(missing.kind).toBe('rejected');
    expect(missing.message).toMatch(/HTTP 404\): Record not found/);
    expect((await failure(backend.deleteStreamer('../1'))).kind).toBe('rejected');
  });
});

describe('AzuraCastBackend commands', () => {
  it('posts skip, disconnect and restart to the station backend', async () => {
    const { az, backend, last } = await setup();
    for (const action of ['skip', 'disconnect', 'restart'] as const) {
      await backend.command(action);
      expect(last()).toMatchObject({ method: 'POST', path: `/api/station/3/backend/${action}` });
      expect(last().headers['x-api-key']).toBe('secret-key');
    }
    expect(az.commands).toEqual(['skip', 'disconnect', 'restart']);
  });

  it('turns an answer with success false into a RadioBackendError', async () => {
    const { az, backend } = await setup();
    az.commandResults.skip = { success: false, message: 'The backend is not running.' };
    const err = await failure(backend.command('skip'));
    expect(err.kind).toBe('rejected');
    expect(err.message).toBe(
      'AzuraCast could not complete POST /api/station/3/backend/skip: The backend is not running.',
    );
  });
});

describe('AzuraCastBackend errors', () => {
  it('a missing API key is a rejected call with the AzuraCast message', async () => {
    const { backend, last } = await setup(null);
    const err = await failure(backend.listStreamers());
    expect(err.kind).toBe('rejected');
    expect(err.message).toBe(
      'AzuraCast refused GET /api/station/3/streamers (HTTP 403): You must be logged in to access this page. ' +
        'Check AZURACAST_API_KEY and its permissions.',
    );
    expect(last().headers['x-api-key']).toBeUndefined();
  });

  it('a server error or an unreachable server is unavailable', async () => {
    const { az, backend } = await setup();
    az.failNext(503);
    const err = await failure(backend.command('restart'));
    expect(err.kind).toBe('unavailable');
    expect(err.message).toBe(
      'AzuraCast failed on POST /api/station/3/backend/restart (HTTP 503): Simulated failure.',
    );

    await az.close();
    close = null;
    const down = await failure(backend.listStreamers());
    expect(down.kind).toBe('unavailable');
    expect(down.message).toBe(`AzuraCast at ${az.url} could not be reached (ECONNREFUSED)`);
  });

  it('a time-out is unavailable with a clear message', async () => {
    const http = await import('node:http');
    const server = http.createServer(() => {});
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    close = async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    };
    const { port } = server.address() as { port: number };
    const backend = new AzuraCastBackend({
      baseUrl: `http://127.0.0.1:${port}`,
      station: 1,
      useSse: false,
      timeoutMs: 100,
      log: createTestLogger(),
    });
    const err = await failure(backend.listStreamers());
    expect(err.kind).toBe('unavailable');
    expect(err.message).toBe(`AzuraCast at http://127.0.0.1:${port} did not answer within 100 ms`);
  });
});
