import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../../shared/contracts/settings';
import { EVENT_TYPES } from '../../../shared/events';
import { REQUESTS_TEXTS } from '../../../shared/texts/requests';
import { appForFile } from '../../test/app-for-file';
import { openStream } from '../../test/sse-client';
import { Client, memberWith, signUpMember } from '../../test/test-app';
import { nowPlayingSlot } from '../station/now-playing.service';

const t = appForFile({ env: { SITE_TITLE: 'Configured Radio' }, listen: true, scripted: true });

const settings = async () => (await t.admin.get('/api/settings/site')).json() as SiteSettings;

describe('site settings', () => {
  it('shows every setting the app reads, with the defaults in force', async () => {
    expect(await settings()).toEqual({
      siteTitle: 'Configured Radio',
      siteDescription: 'Your community radio station, live 24/7.',
      streamUrl: null,
      defaultStreamUrl: t.backend.streamUrl,
      stationTimeZone: 'Europe/London',
      requestCooldownMinutes: 5,
      recentPlayMinutes: 15,
      presenterRules: '',
      donationUrl: null,
      donationGoalGbp: 100,
      donationRaisedGbp: 0,
      mediaUploadMaxMb: 200,
      // DJ tools: off by default
      liveOnlyInBookedSlots: false,
      recordingEnabled: true,
      recordingRetentionDays: 30,
      recordingDiskFloorMb: 1024,
      maxListeners: 1000,
      liveLevelling: true,
    });
    expect((await new Client(t.app).get('/api/settings/site')).statusCode).toBe(401);
    expect((await (await signUpMember(t.app)).get('/api/settings/site')).statusCode).toBe(403);
  });

  it('refuses bad values with a 400 naming the field, and changes nothing', async () => {
    const before = await settings();
    const cases: [Record<string, unknown>, string][] = [
      [{ siteTitle: '   ' }, 'siteTitle'],
      [{ siteTitle: 'x'.repeat(81) }, 'siteTitle'],
      [{ siteTitle: 'Bad\u0000Title' }, 'siteTitle'],
      [{ presenterRules: 'Half a pair \uD800 here' }, 'presenterRules'],
      [{ streamUrl: 'ftp://example.com/radio.mp3' }, 'streamUrl'],
      [{ recordingEnabled: 'yes' }, 'recordingEnabled'],
      [{ recordingRetentionDays: 0 }, 'recordingRetentionDays'],
      [{ recordingDiskFloorMb: -1 }, 'recordingDiskFloorMb'],
      [{ streamUrl: 'javascript:alert(1)' }, 'streamUrl'],
      [{ stationTimeZone: 'Mars/Olympus_Mons' }, 'stationTimeZone'],
      [{ requestCooldownMinutes: -1 }, 'requestCooldownMinutes'],
      [{ requestCooldownMinutes: 2.5 }, 'requestCooldownMinutes'],
      [{ recentPlayMinutes: 1441 }, 'recentPlayMinutes'],
      [{ recentPlayMinutes: '15' }, 'recentPlayMinutes'],
      [{ presenterRules: 'r'.repeat(10_001) }, 'presenterRules'],
      [{ donationUrl: 'http://donate.example.com' }, 'donationUrl'],
      [{ donationUrl: 'javascript:alert(1)' }, 'donationUrl'],
      [{ donationGoalGbp: -5 }, 'donationGoalGbp'],
      [{ donationGoalGbp: '100' }, 'donationGoalGbp'],
      [{ donationRaisedGbp: 12.345 }, 'donationRaisedGbp'],
      [{ donationRaisedGbp: 2_000_000 }, 'donationRaisedGbp'],
    ];
    for (const [body, field] of cases) {
      const res = await t.admin.patch('/api/settings/site', { siteTitle: 'Would Be Saved', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await t.admin.patch('/api/settings/site', { unknownSetting: 1 })).statusCode).toBe(400);
    expect(await settings()).toEqual(before);
  });

  it('saves them all, and every open page hears of it at once', async () => {
    const stream = openStream(t.base);
    await stream.opened;
    const res = await t.admin.patch('/api/settings/site', {
      siteTitle: '  Night Owl FM ',
      siteDescription: 'Music after dark',
      streamUrl: 'https://cdn.example.com/live.mp3',
      stationTimeZone: 'america/new_york',
      requestCooldownMinutes: 12,
      recentPlayMinutes: 30,
      presenterRules: '# House rules\n\n- Be kind\n- No swearing before 21:00\n',
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as SiteSettings;
    expect(saved).toMatchObject({
      siteTitle: 'Night Owl FM',
      streamUrl: 'https://cdn.example.com/live.mp3',
      stationTimeZone: 'America/New_York', // as the database and the browsers spell it
      requestCooldownMinutes: 12,
      recentPlayMinutes: 30,
      presenterRules: '# House rules\n\n- Be kind\n- No swearing before 21:00',
    });
    expect(await settings()).toEqual(saved);

    expect((await stream.waitFor(EVENT_TYPES.settingsChanged)).data).toEqual({
      siteTitle: 'Night Owl FM',
      siteDescription: 'Music after dark',
      donation: { url: null, goalGbp: 100, raisedGbp: 0 },
    });
    expect((await stream.waitFor(EVENT_TYPES.requestSettingsChanged)).data).toMatchObject({
      cooldownMinutes: 12,
      recentPlayMinutes: 30,
    });
    await stream.waitFor(EVENT_TYPES.scheduleChanged);
    const np = await stream.waitFor(EVENT_TYPES.nowPlayingChanged);
    expect(np.data).toMatchObject({ station: { streamUrl: 'https://cdn.example.com/live.mp3' } });
    stream.close();

    // Every reader follows: public settings, the player, the schedule, the request rules.
    const anyone = new Client(t.app);
    expect((await anyone.get('/api/settings/public')).json()).toEqual({
      siteTitle: 'Night Owl FM',
      siteDescription: 'Music after dark',
      donation: { url: null, goalGbp: 100, raisedGbp: 0 },
    });
    expect((await anyone.get('/api/now-playing')).json().station.streamUrl).toBe(
      'https://cdn.example.com/live.mp3',
    );
    // The player's list of streams follows the admin's listen URL too.
    expect((await anyone.get('/api/now-playing')).json().station.streams).toEqual([
      { name: 'Standard', url: 'https://cdn.example.com/live.mp3', format: 'mp3', bitrate: null },
    ]);
    expect((await anyone.get('/api/schedule')).json().timezone).toBe('America/New_York');
    expect((await anyone.get('/api/requests/settings')).json()).toMatchObject({
      cooldownMinutes: 12,
      recentPlayMinutes: 30,
    });
    const { rows } = await t.dbh.query<{ setting_value: unknown }>(
      `SELECT setting_value FROM admin_settings WHERE setting_key = 'presenter_rules'`,
    );
    expect(rows[0].setting_value).toBe(saved.presenterRules);
  });

  it('keeps the donation link and this month’s goal and amount raised, shown to every visitor at once', async () => {
    const anyone = new Client(t.app);
    // No link set: nothing for Donate to open (the home page then shows no Donate button).
    expect((await anyone.get('/api/settings/public')).json().donation).toEqual({
      url: null,
      goalGbp: 100,
      raisedGbp: 0,
    });
    const stream = openStream(t.base);
    await stream.opened;
    const res = await t.admin.patch('/api/settings/site', {
      donationUrl: ' https://ko-fi.com/nightowlfm ',
      donationGoalGbp: 250,
      donationRaisedGbp: 87.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      donationUrl: 'https://ko-fi.com/nightowlfm',
      donationGoalGbp: 250,
      donationRaisedGbp: 87.5,
    });
    const donation = { url: 'https://ko-fi.com/nightowlfm', goalGbp: 250, raisedGbp: 87.5 };
    expect((await stream.waitFor(EVENT_TYPES.settingsChanged)).data).toMatchObject({ donation });
    stream.close();
    expect((await anyone.get('/api/settings/public')).json().donation).toEqual(donation);
    // Cleared: the link is gone again; the goal stays.
    await t.admin.patch('/api/settings/site', { donationUrl: '' });
    expect((await anyone.get('/api/settings/public')).json().donation).toEqual({ ...donation, url: null });
    expect(
      (await (await signUpMember(t.app)).patch('/api/settings/site', { donationUrl: null })).statusCode,
    ).toBe(403);
  });

  it('applies the request cooldown it saved', async () => {
    await t.admin.patch('/api/settings/site', { requestCooldownMinutes: 45 });
    await t.backend.start(nowPlayingSlot.of(t.app.ctx));
    await t.backend.sink!.liveChanged({ isLive: true, streamerName: 'DJ Cool' });
    await nowPlayingSlot.of(t.app.ctx).idle();
    const fan = new Client(t.app, '10.9.8.7');
    const song = (title: string) => ({
      requestType: 'song_request',
      songTitle: title,
      artist: 'Cooldown Band',
      requesterName: 'Fan',
    });
    expect((await fan.post('/api/requests', song('First'))).statusCode).toBe(201);
    const again = await fan.post('/api/requests', song('Second'));
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toBe(REQUESTS_TEXTS.tooSoon(45, 45));
    await t.backend.sink!.liveChanged({ isLive: false, streamerName: null });
  });

  it('goes back to the default stream URL when it is cleared', async () => {
    const res = await t.admin.patch('/api/settings/site', { streamUrl: '' });
    expect(res.json()).toMatchObject({ streamUrl: null, defaultStreamUrl: t.backend.streamUrl });
    await nowPlayingSlot.of(t.app.ctx).idle();
    expect((await new Client(t.app).get('/api/now-playing')).json().station.streamUrl).toBe(
      t.backend.streamUrl,
    );
    expect((await new Client(t.app).get('/api/now-playing')).json().station.streams).toEqual([
      { name: 'Standard', url: t.backend.streamUrl, format: 'mp3', bitrate: null },
    ]);
  });

  it('gives presenters and extra roles the presenter rules, nobody else', async () => {
    const rules = '1. Arrive 10 minutes early.';
    await t.admin.patch('/api/settings/site', { presenterRules: rules });
    for (const who of [
      await memberWith(t, 'presenter'),
      await memberWith(t, 'user', ['moderator']),
      t.admin,
    ]) {
      const res = await who.get('/api/staff/presenter-rules');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        rules: [{ title: null, text: 'Arrive 10 minutes early.' }],
        isDefault: false,
      });
    }
    expect((await (await signUpMember(t.app)).get('/api/staff/presenter-rules')).statusCode).toBe(403);
    expect((await new Client(t.app).get('/api/staff/presenter-rules')).statusCode).toBe(401);
  });
});
