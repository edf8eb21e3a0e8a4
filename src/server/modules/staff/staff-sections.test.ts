import { beforeAll, describe, expect, it } from 'vitest';
import { PRESENTER_TEXTS } from '../../../shared/texts/staff';
import { appForFile } from '../../test/app-for-file';
import { type Member, memberWith } from '../../test/test-app';
import { writeSetting } from '../settings/settings.service';
import { DEFAULT_PRESENTER_RULES } from './presenter-rules';

const t = appForFile({ admin: 'Admin' });
let presenter: Member;
let mentor: Member;
let moderator: Member;
let member: Member;
beforeAll(async () => {
  presenter = await memberWith(t, 'presenter', [], 'Jade Okafor');
  mentor = await memberWith(t, 'presenter', ['radio_mentor'], 'Priya Shah');
  moderator = await memberWith(t, 'user', ['moderator'], 'Sam Rivers');
  member = await memberWith(t, 'user', [], 'Ben Carter');
});

describe('people pickers and rules', () => {
  it('finds members by the name people see, never with an email', async () => {
    const found = (await mentor.get('/api/staff/people?q=jad')).json().people;
    expect(found).toEqual([{ id: presenter.userId, name: 'Jade Okafor', picture: null, role: 'presenter' }]);
    const presenters = (await mentor.get('/api/staff/people?role=presenter')).json().people;
    expect(presenters.map((p: { name: string }) => p.name)).not.toContain('Ben Carter');
    expect((await member.get('/api/staff/people?q=a')).statusCode).toBe(403);
  });

  it('shows the station’s default rules until admins write their own in site settings', async () => {
    const rules = (await presenter.get('/api/staff/presenter-rules')).json();
    expect(rules.isDefault).toBe(true);
    expect(rules.rules).toHaveLength(DEFAULT_PRESENTER_RULES.length);
    const titles = rules.rules.map((r: { title: string }) => r.title);
    for (const topic of ['Language', 'Requests', 'Ads and sponsorship', 'Handover', 'Emergencies']) {
      expect(titles).toContain(topic);
    }
    await writeSetting(t.dbh.db, 'presenter_rules', '1. Be kind: always.\n\n- No dead air\n');
    const custom = (await presenter.get('/api/staff/presenter-rules')).json();
    expect(custom).toEqual({
      isDefault: false,
      rules: [
        { title: 'Be kind', text: 'always.' },
        { title: null, text: 'No dead air' },
      ],
    });
    // Markdown, as the site settings form allows: headings left out, bold titles kept as titles.
    await writeSetting(
      t.dbh.db,
      'presenter_rules',
      '# Presenter rules\n\n- **Timing:** Be on the harbor 10 minutes early.\n* Read requests by first name only.',
    );
    expect((await presenter.get('/api/staff/presenter-rules')).json().rules).toEqual([
      { title: 'Timing', text: 'Be on the harbor 10 minutes early.' },
      { title: null, text: 'Read requests by first name only.' },
    ]);
    await writeSetting(t.dbh.db, 'presenter_rules', '   ');
    expect((await presenter.get('/api/staff/presenter-rules')).json().isDefault).toBe(true);
  });
});

describe('Radio Mentor: training sessions', () => {
  it('logs a session with the defaults (rating 5, 60 minutes) and lists it with the trainee', async () => {
    const res = await mentor.post('/api/staff/training-sessions', {
      traineeId: presenter.userId,
      sessionType: 'microphone_technique',
      notes: '  Work on breathing. ',
      sessionDate: '2026-03-02',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().session).toMatchObject({
      trainee: { name: 'Jade Okafor' },
      mentor: { name: 'Priya Shah' },
      sessionType: 'microphone_technique',
      rating: 5,
      durationMinutes: 60,
      status: 'completed',
      notes: 'Work on breathing.',
      sessionDate: '2026-03-02',
    });
    const list = (await mentor.get('/api/staff/training-sessions')).json().sessions;
    expect(list[0].trainee.name).toBe('Jade Okafor');
    // Admins see every mentor's sessions.
    expect((await t.admin.get('/api/staff/training-sessions')).json().sessions).toHaveLength(1);
  });

  it('requires a trainee and a session type, a rating from 1 to 5 and a real date', async () => {
    const noTrainee = await mentor.post('/api/staff/training-sessions', { sessionType: 'assessment' });
    expect(noTrainee.json().error.message).toBe(PRESENTER_TEXTS.traineeRequired);
    const noType = await mentor.post('/api/staff/training-sessions', { traineeId: presenter.userId });
    expect(noType.json().error.message).toBe(PRESENTER_TEXTS.sessionTypeRequired);
    for (const rating of [0, 6, 2.5]) {
      const bad = await mentor.post('/api/staff/training-sessions', {
        traineeId: presenter.userId,
        sessionType: 'assessment',
        rating,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('Rating must be between 1 and 5');
    }
    const badDate = await mentor.post('/api/staff/training-sessions', {
      traineeId: presenter.userId,
      sessionType: 'assessment',
      sessionDate: '2026-02-31',
    });
    expect(badDate.statusCode).toBe(400);
    const self = await mentor.post('/api/staff/training-sessions', {
      traineeId: mentor.userId,
      sessionType: 'assessment',
    });
    expect(self.statusCode).toBe(400);
    const nobody = await mentor.post('/api/staff/training-sessions', {
      traineeId: 'nobody',
      sessionType: 'assessment',
    });
    expect(nobody.statusCode).toBe(404);
    const today = await mentor.post('/api/staff/training-sessions', {
      traineeId: presenter.userId,
      sessionType: 'assessment',
      rating: 3,
      status: 'scheduled',
      durationMinutes: 90,
    });
    expect(today.json().session).toMatchObject({ rating: 3, status: 'scheduled', durationMinutes: 90 });
    expect(today.json().session.sessionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is refused to members without the mentor role', async () => {
    expect((await presenter.get('/api/staff/training-sessions')).statusCode).toBe(403);
    expect((await moderator.get('/api/staff/training-sessions')).statusCode).toBe(403);
  });
});

describe('Moderator: warnings and the moderation log', () => {
  it('warns a member, who is notified; the warning is counted and logged', async () => {
    const before = (await moderator.get('/api/staff/moderation')).json();
    expect(before.counts).toEqual({ bans: 0, warnings: 0, approvals: 0 });
    const blank = await moderator.post('/api/staff/moderation/warnings', {
      userId: member.userId,
      reason: ' ',
    });
    expect(blank.json().error.message).toBe(PRESENTER_TEXTS.warningReasonRequired);
    const self = await moderator.post('/api/staff/moderation/warnings', {
      userId: moderator.userId,
      reason: 'Testing',
    });
    expect(self.statusCode).toBe(400);
    const res = await moderator.post('/api/staff/moderation/warnings', {
      userId: member.userId,
      reason: 'Spamming the chat',
    });
    expect(res.statusCode).toBe(201);
    const notes = (await member.get('/api/notifications')).json().notifications;
    expect(notes[0]).toMatchObject({ title: PRESENTER_TEXTS.warningTitle, message: 'Spamming the chat' });

    await t.admin.post('/api/banned-songs', { title: 'Banned Tune', artist: 'Nobody' });
    const after = (await moderator.get('/api/staff/moderation')).json();
    expect(after.counts).toEqual({ bans: 1, warnings: 1, approvals: 0 });
    expect(after.actions[0]).toMatchObject({
      actionType: 'warning',
      moderator: { name: 'Sam Rivers' },
      target: { name: 'Ben Carter' },
      reason: 'Spamming the chat',
    });
    expect(JSON.stringify(after)).not.toContain('@');
  });

  it('lists chat deletions with the latest first, at most 100', async () => {
    const { message } = (await member.post('/api/chat/messages', { content: 'rude words' })).json();
    expect((await moderator.delete(`/api/chat/messages/${message.id}`)).statusCode).toBe(200);
    const overview = (await moderator.get('/api/staff/moderation')).json();
    expect(overview.actions[0]).toMatchObject({
      actionType: 'chat_message_deleted',
      target: { name: 'Ben Carter' },
    });
    await t.dbh.query(
      `INSERT INTO moderation_logs (action_type, reason) SELECT 'warning', 'bulk ' || g FROM generate_series(1, 120) g`,
    );
    expect((await moderator.get('/api/staff/moderation')).json().actions).toHaveLength(100);
  });

  it('is refused to members without a moderator role', async () => {
    expect((await presenter.get('/api/staff/moderation')).statusCode).toBe(403);
    expect(
      (await presenter.post('/api/staff/moderation/warnings', { userId: member.userId, reason: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});
