import { expect, test } from '@playwright/test';
import { asAdmin, member, stationDay } from '../../support/booking';
import { ensureAdminFirst, expectNoSideways, shot } from '../../support/common';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));
test.describe.configure({ timeout: 300_000 });
const PHONE = { width: 390, height: 844 };

test('at 390 px an admin approves a waiting one-off from the Timetable tab, one day at a time', async ({
  browser,
}) => {
  const presenter = await member(browser, 'Pia Phone', 'presenter');
  const day = stationDay(3);
  const booked = await presenter.ctx.request.post('/api/schedule/my-slots', {
    data: {
      dayOfWeek: day.dayOfWeek,
      date: day.date,
      startTime: '04:00',
      endTime: '05:00',
      showName: 'Pia Pocket Show',
    },
  });
  expect(booked.status()).toBe(201);

  const adminCtx = await asAdmin(browser);
  const admin = await adminCtx.newPage();
  await admin.setViewportSize(PHONE);
  await admin.goto('/admin?tab=timetable');
  await expect(admin.getByRole('heading', { name: 'Timetable', level: 2 })).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByTestId('pending-count')).toContainText('waiting for approval');
  await admin.getByRole('tab', { name: new RegExp(`^${day.dayName}`) }).click();
  const item = admin.getByTestId('grid-slot').filter({ hasText: 'Pia Pocket Show', visible: true });
  await expect(item).toHaveAttribute('data-status', 'pending');
  await expect(item).toContainText('One-off');
  await expectNoSideways(admin);
  await shot(admin, 'booking-admin-timetable-390');
  await item.getByRole('button', { name: /^Approve "Pia Pocket Show"/ }).click();
  await expect(item).toHaveAttribute('data-status', 'approved');
  await shot(admin, 'booking-admin-timetable-approved-390');

  const listener = await (await browser.newContext()).newPage();
  await listener.setViewportSize(PHONE);
  await listener.goto('/schedule');
  await listener.getByRole('tab', { name: new RegExp(`^${day.dayName}`) }).click();
  await expect(listener.getByTestId('schedule-slot').filter({ hasText: 'Pia Pocket Show' })).toBeVisible();
  await adminCtx.close();
  await presenter.ctx.close();
});

test('at 390 px a trainee takes a quiz once and the mentor sees the result', async ({ browser }) => {
  const mentor = await member(browser, 'Max Mentor', 'presenter', ['radio_mentor']);
  const trainee = await member(browser, 'Tia Trainee');
  const created = await mentor.ctx.request.post('/api/staff/quizzes', {
    data: {
      title: 'Phone basics',
      questions: [
        { prompt: 'Which port does the harbor use?', options: ['8005', '80', '25'], correctIndex: 0 },
        { prompt: 'Recommended MP3 bitrate?', options: ['64 kbps', '128 kbps'], correctIndex: 1 },
      ],
    },
  });
  const quizId = (await created.json()).quiz.id;
  await mentor.ctx.request.post(`/api/staff/quizzes/${quizId}/assignments`, {
    data: { traineeId: trainee.id },
  });

  const t = trainee.page;
  await t.setViewportSize(PHONE);
  await t.goto('/training');
  const card = t.getByTestId('trainee-quiz').filter({ hasText: 'Phone basics' });
  await expect(card).toBeVisible();
  await shot(t, 'quiz-trainee-list-390');
  await card.getByRole('button', { name: 'Start quiz' }).click();
  const paper = t.getByRole('form', { name: 'Phone basics' });
  await paper
    .getByRole('group', { name: /harbor/ })
    .getByRole('radio', { name: '8005' })
    .check();
  await paper
    .getByRole('group', { name: /bitrate/ })
    .getByRole('radio', { name: '64 kbps' })
    .check();
  await expectNoSideways(t);
  await shot(t, 'quiz-trainee-taking-390');
  await paper.getByRole('button', { name: 'Hand in answers' }).click();
  const result = t.getByTestId('quiz-result');
  await expect(result).toContainText('50%');
  await expect(result).toContainText('Not passed');
  await shot(t, 'quiz-trainee-result-390');

  const m = mentor.page;
  await m.setViewportSize(PHONE);
  await m.goto('/presenter');
  await m
    .getByRole('navigation', { name: 'Panel sections' })
    .getByRole('button', { name: 'Radio Mentor' })
    .click();
  const quiz = m.getByTestId('mentor-quiz').filter({ hasText: 'Phone basics' });
  await expect(quiz.getByText('50% · Not passed')).toBeVisible();
  await expect(m.getByTestId('training-session').filter({ hasText: 'Quiz: Phone basics' })).toContainText(
    'Scored 50% (1 of 2 right): not passed',
  );
  await expectNoSideways(m);
  await shot(m, 'quiz-mentor-results-390');
  await mentor.ctx.close();
  await trainee.ctx.close();
});
