import { expect, test } from '@playwright/test';
import { startDjEncoder } from '../../../src/server/test/engine-helpers';
import { ensureAdminFirst, loginAsAdmin, shot, signUpByApi, uniqueEmail } from '../../support/common';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

const onAir = process.env.E2E_RADIO_BACKEND === 'builtin';

test.describe('requests', () => {
  test.skip(!onAir, 'the built-in engine (icecast2, liquidsoap) is not installed');

  test('an anonymous shout-out reaches the live presenter, who approves it and marks it played; the switch goes off live', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // A presenter with streaming credentials from their account goes live with a broadcasting client.
    const admin = await browser.newContext();
    await loginAsAdmin(admin.request);
    const presenterCtx = await browser.newContext();
    const email = uniqueEmail('rita');
    const rita = await signUpByApi(presenterCtx.request, 'Rita Requests', email);
    expect(
      (await admin.request.patch(`/api/users/${rita.user.id}/role`, { data: { role: 'presenter' } })).ok(),
    ).toBe(true);
    const creds = await (await presenterCtx.request.post('/api/station/my-credentials')).json();
    // The engine must be on air before a broadcasting client can connect to its harbor.
    await expect
      .poll(async () => (await (await admin.request.get('/api/station/status')).json()).onAir, {
        timeout: 30_000,
      })
      .toBe(true);
    const dj = startDjEncoder(Number(process.env.E2E_HARBOR_PORT), creds.username, creds.password);
    try {
      await expect
        .poll(async () => (await (await admin.request.get('/api/requests/settings')).json()).liveNow, {
          timeout: 30_000,
        })
        .toBe(true);

      const presenter = await presenterCtx.newPage();
      await presenter.goto('/requests');
      await expect(presenter.getByTestId('request-management')).toBeVisible();

      const listener = await (await browser.newContext()).newPage();
      await listener.goto('/requests');
      await expect(listener.getByTestId('requests-open-state')).toHaveText('Open');
      await expect(listener.getByTestId('requests-banner')).toContainText('Rita Requests');
      const form = listener.getByTestId('request-form');
      await form.getByLabel('Request Type').selectOption({ label: 'Shoutout' });
      await form.getByLabel('Message').fill('Shout-out to the night bus drivers!');
      await form.getByLabel('Your Name').fill('Night Owl Nina');
      await form.getByRole('button', { name: 'Submit Request' }).click();
      await expect(listener.getByText('Request submitted successfully!')).toBeVisible();
      await expect(form.getByLabel('Message')).toHaveValue('');
      await shot(listener, 'request-sent-anonymous');

      // The presenter's page shows it without a reload.
      const card = presenter
        .getByTestId('request-card')
        .filter({ hasText: 'Shout-out to the night bus drivers!' });
      await expect(card).toBeVisible();
      await expect(card).toHaveAttribute('data-status', 'pending');
      await card.getByRole('button', { expanded: false }).first().click();
      await card.getByRole('button', { name: 'Approve' }).click();
      await expect(card).toHaveAttribute('data-status', 'approved');
      await card.getByRole('button', { name: 'Mark Played' }).click();
      await expect(card).toHaveAttribute('data-status', 'played');
      await shot(presenter, 'request-played-by-presenter');

      // A second listener watches the switch go off, live; their song request is blocked.
      const second = await (await browser.newContext()).newPage();
      await second.goto('/requests');
      await expect(second.getByRole('button', { name: 'Submit Request' })).toBeEnabled();
      await presenter.getByRole('switch', { name: 'Song requests enabled' }).click();
      await expect(second.getByRole('button', { name: 'Song Requests Disabled' })).toBeDisabled();
      const blocked = await second.request.post('/api/requests', {
        data: {
          requestType: 'song_request',
          songTitle: 'Any Song',
          artist: 'Any Artist',
          requesterName: 'Second',
        },
      });
      expect(blocked.status()).toBe(409);
      expect((await blocked.json()).error.message).toBe(
        'Song requests are currently disabled by the presenter.',
      );
      await shot(second, 'requests-switched-off-live');
      await presenter.getByRole('switch', { name: 'Song requests enabled' }).click();
      await expect(second.getByRole('button', { name: 'Submit Request' })).toBeEnabled();
    } finally {
      dj.child.kill('SIGKILL');
      await admin.close();
    }
  });
});

test('a member applies, sees the pending message and the cooldown; the admin approves; the member becomes a presenter', async ({
  page,
  browser,
}) => {
  const name = 'Andy Applicant';
  await signUpByApi(page.request, name, uniqueEmail('andy'));
  await page.goto('/apply');
  const form = page.getByTestId('application-form');
  await expect(form.getByLabel('Full Name')).toHaveValue(name);
  await form.getByLabel('Show Concept').fill('Sunday roast: comfort music for slow afternoons');
  await form.getByLabel('Experience').fill('Two years of hospital radio');
  await form.getByLabel('Availability').fill('Sunday afternoons');
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(
    page.getByText("Your application is being reviewed by our team. We'll get back to you soon!"),
  ).toBeVisible();
  await expect(page.getByTestId('application-cooldown')).toContainText('You can apply again in 7 days.');
  await expect(page.getByTestId('application-form')).toHaveCount(0);
  await shot(page, 'apply-pending-cooldown');

  const admin = await (await browser.newContext()).newPage();
  await loginAsAdmin(admin.request);
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Applications' }).click();
  admin.on('dialog', (d) => d.accept());
  await admin.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(admin.getByRole('button', { name: `Approve ${name}` })).toHaveCount(0);
  await shot(admin, 'applications-approved');

  // The member's open page hears it: notification, approved message, the presenter's Panel link.
  await expect(page.getByText('Your presenter application was approved').first()).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByTestId('application-latest-status')).toContainText(
    'Congratulations! Your application has been approved. Welcome to the team!',
  );
  await expect(page.getByTestId('role-badge')).toHaveText(/presenter/i);
  await page.getByRole('button', { name: /Staff/ }).first().click();
  await expect(
    page.getByRole('menuitem', { name: 'Panel' }).or(page.getByRole('link', { name: 'Panel' })),
  ).toBeVisible();
  await shot(page, 'apply-approved-presenter');
});
