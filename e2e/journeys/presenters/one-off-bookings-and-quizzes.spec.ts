import { expect, test } from '@playwright/test';
import { asAdmin, DAY_NAMES, ensureAdminFirst, member, openTimetableDay, shot } from '../../support/common';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));
test.describe.configure({ timeout: 300_000 });

test('a presenter books a one-off; the admin is told in the bell and approves it in the Timetable grid; it is public on that date only', async ({
  browser,
}) => {
  const presenter = await member(browser, 'Olly Oneoff', 'presenter');
  const { page } = presenter;
  await page.goto('/presenter');
  await page.getByRole('tab', { name: 'Timetable' }).click();

  const { when, dayName, day } = await openTimetableDay(page);
  for (const [showName, repeat] of [
    ['Olly Once', /^Only on this date/],
    ['Olly Weekly', 'Every week'],
  ] as const) {
    await day
      .getByRole('button', { name: /^Book / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Book a Show' });
    await dialog.getByRole('radio', { name: repeat }).check();
    await dialog.getByLabel('Show Name').fill(showName);
    if (showName === 'Olly Once') await shot(page, 'booking-one-off-dialog');
    await dialog.getByRole('button', { name: 'Book Show' }).click();
    await expect(dialog).toBeHidden();
    await expect(day.getByRole('button', { name: new RegExp(`^${showName} by Olly Oneoff`) })).toBeVisible();
  }
  await shot(page, 'booking-presenter-timetable');

  // The admin hears of it in the bell, and the notification opens the approvals view.
  const adminCtx = await asAdmin(browser);
  const admin = await adminCtx.newPage();
  await admin.goto('/');
  await admin.getByRole('button', { name: 'Notifications' }).click();
  const bell = admin.getByRole('region', { name: 'Notifications' });
  await expect(
    bell.getByText(/"Olly Once" by Olly Oneoff \(.* \(one-off\)\) is waiting for approval\./),
  ).toBeVisible();
  await shot(admin, 'booking-admin-bell', { fullPage: false });
  await bell
    .getByRole('button', { name: /A show is waiting for your approval/ })
    .first()
    .click();
  await expect(admin).toHaveURL(/\/admin\?tab=timetable$/);
  await expect(admin.getByRole('heading', { name: 'Timetable', level: 2 })).toBeVisible({ timeout: 30_000 });
  const grid = admin.getByTestId('week-grid');
  await expect(grid).toBeVisible();
  await expect(grid.getByTestId('grid-slot').filter({ hasText: 'Olly Once' })).toHaveAttribute(
    'data-status',
    'pending',
  );
  await expect(grid.getByTestId('grid-slot').filter({ hasText: 'Olly Once' })).toContainText('One-off');
  await shot(admin, 'booking-admin-timetable-pending');

  await grid.getByRole('button', { name: /^Approve "Olly Once" by Olly Oneoff/ }).click();
  await expect(admin.getByText('Approved "Olly Once": it is on the public schedule.')).toBeVisible();
  await expect(grid.getByTestId('grid-slot').filter({ hasText: 'Olly Once' })).toHaveAttribute(
    'data-status',
    'approved',
  );
  await grid.getByRole('button', { name: /^Reject "Olly Weekly" by Olly Oneoff/ }).click();
  await expect(grid.getByTestId('grid-slot').filter({ hasText: 'Olly Weekly' })).toHaveCount(0);
  await shot(admin, 'booking-admin-timetable-decided');

  // Public: on that date, and not on the same weekday's neighbours.
  const listener = await (await browser.newContext()).newPage();
  await listener.goto('/schedule');
  await listener.getByRole('tab', { name: new RegExp(`^${dayName}`) }).click();
  await expect(listener.getByTestId('schedule-slot').filter({ hasText: 'Olly Once' })).toBeVisible();
  await expect(listener.getByTestId('schedule-slot').filter({ hasText: 'Olly Weekly' })).toHaveCount(0);
  await shot(listener, 'booking-public-schedule-date');
  const dayBefore = DAY_NAMES[(when.getDay() + 6) % 7];
  await listener.getByRole('tab', { name: new RegExp(`^${dayBefore}`) }).click();
  await expect(listener.getByTestId('schedule-slot').filter({ hasText: 'Olly Once' })).toHaveCount(0);
  await adminCtx.close();
  await presenter.ctx.close();
});

test('a mentor writes a quiz and sets it; the trainee takes it once against the clock; the result is in the mentor log', async ({
  browser,
}) => {
  const mentor = await member(browser, 'Mona Mentor', 'presenter', ['radio_mentor']);
  const trainee = await member(browser, 'Tess Quiztaker');
  const m = mentor.page;
  await m.goto('/presenter');
  await m
    .getByRole('navigation', { name: 'Panel sections' })
    .getByRole('button', { name: 'Radio Mentor' })
    .click();
  const writer = m.getByRole('form', { name: 'Write a quiz' });
  await writer.getByLabel('Quiz title').fill('Desk basics');
  await writer.getByLabel('Question', { exact: true }).fill('Which control sets a channel’s level?');
  await writer.getByLabel('Question 1, answer 1').fill('The mute button');
  await writer.getByLabel('Question 1, answer 2').fill('The fader');
  await writer.getByLabel('Question 1: answer 2 is the right one').check();
  await writer.getByRole('button', { name: 'Add question' }).click();
  await writer.getByLabel('Question', { exact: true }).nth(1).fill('What does the red light mean?');
  await writer.getByLabel('Question 2, answer 1').fill('You are on air');
  await writer.getByLabel('Question 2, answer 2').fill('Lunch is ready');
  await writer.getByRole('button', { name: 'Add answer' }).nth(1).click();
  await writer.getByLabel('Question 2, answer 3').fill('The stream is down');
  await shot(m, 'quiz-mentor-writing');
  await writer.getByRole('button', { name: 'Save quiz' }).click();
  const quiz = m.getByTestId('mentor-quiz').filter({ hasText: 'Desk basics' });
  await expect(quiz).toContainText('2 questions · 30 minutes · 1 attempt · pass at 70%');
  await quiz.getByLabel('Set for a trainee').fill('Tess Q');
  await quiz.getByRole('button', { name: 'Tess Quiztaker' }).click();
  await quiz.getByRole('button', { name: 'Set quiz' }).click();
  await expect(quiz.getByText('Not started')).toBeVisible();

  // The trainee is told in the bell, and takes the quiz.
  const t = trainee.page;
  await t.goto('/');
  await t.getByRole('button', { name: 'Notifications' }).click();
  await t.getByRole('button', { name: /^You have a training quiz to take/ }).click();
  await expect(t).toHaveURL(/\/training$/);
  const card = t.getByTestId('trainee-quiz').filter({ hasText: 'Desk basics' });
  await expect(card).toContainText('2 questions · 30 minutes · one attempt · pass at 70%');
  await shot(t, 'quiz-trainee-list');
  await card.getByRole('button', { name: 'Start quiz' }).click();
  const paper = t.getByRole('form', { name: 'Desk basics' });
  await expect(paper.getByRole('timer', { name: 'Time left' })).toContainText(/(30:00|29:\d\d) left/);
  await paper
    .getByRole('group', { name: /Which control/ })
    .getByRole('radio', { name: 'The fader' })
    .check();
  await paper
    .getByRole('group', { name: /red light/ })
    .getByRole('radio', { name: 'You are on air' })
    .check();
  await shot(t, 'quiz-trainee-taking');
  await paper.getByRole('button', { name: 'Hand in answers' }).click();
  const result = t.getByTestId('quiz-result');
  await expect(result).toContainText('100%');
  await expect(result).toContainText('2 of 2 right.');
  await expect(result).toContainText('Passed');
  await shot(t, 'quiz-trainee-result');
  await result.getByRole('button', { name: 'Back to your quizzes' }).click();
  await expect(card).toContainText('Passed');
  await expect(card.getByRole('button', { name: /Start quiz|Resume quiz/ })).toHaveCount(0);
  // Once only: the server refuses a second start.
  const again = await trainee.ctx.request.post(
    `/api/training/quizzes/${(await (await trainee.ctx.request.get('/api/training/quizzes')).json()).quizzes[0].id}/start`,
    { data: {} },
  );
  expect(again.status()).toBe(409);

  // The mentor sees the result beside the quiz, and in the log.
  await expect(quiz.getByText('100% · Passed')).toBeVisible();
  const log = m.getByRole('list', { name: 'Training sessions' });
  await expect(log.getByTestId('training-session').filter({ hasText: 'Quiz: Desk basics' })).toContainText(
    'Scored 100% (2 of 2 right): passed',
  );
  await shot(m, 'quiz-mentor-results');
  await mentor.ctx.close();
  await trainee.ctx.close();
});
