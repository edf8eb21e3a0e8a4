import { expect, type Page, test } from '@playwright/test';
import { ensureAdminFirst, shot } from '../../support/common';

test.beforeAll(async ({ browser }) => ensureAdminFirst(browser));

/** What has the keyboard focus: its accessible-ish name, and whether a focus ring is drawn around it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const ring =
      (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1) ||
      (style.boxShadow !== 'none' && style.boxShadow !== '');
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
    return { tag: el.tagName, name, ring, inDialog: Boolean(el.closest('dialog[open]')) };
  });
}

/** Tabs until the focused control's name matches, at most `max` presses; every stop must show a ring. */
async function tabTo(page: Page, name: RegExp, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f) expect(f.ring, `focus ring on ${f.tag} "${f.name}"`).toBe(true);
    if (f && name.test(f.name)) return f;
  }
  throw new Error(`no control named ${name} within ${max} Tab presses`);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`keyboard on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('skip link first, every stop ringed, the player operable, the sign-in modal traps and returns focus', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByTestId('now-playing-title').first()).not.toBeEmpty({ timeout: 30_000 });

      // The first Tab shows the skip link; Enter moves on to the page's content.
      await page.keyboard.press('Tab');
      const skip = await focused(page);
      expect(skip?.name).toBe('Skip to content');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeVisible();
      await shot(page, `keyboard-skip-link-${viewport.name}`);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#main$/);

      // The player's play control is reachable, named and works from the keyboard.
      await page.goto('/');
      await expect(page.getByTestId('now-playing-title').first()).not.toBeEmpty({ timeout: 30_000 });
      await tabTo(page, /^Play$/);
      await shot(page, `keyboard-focus-play-${viewport.name}`);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('radio-audio')).not.toHaveAttribute('data-state', 'idle');
      const pause = await focused(page);
      expect(pause?.name).toMatch(/^(Pause|Stop|Play)$/);

      // The sign-in modal: opened from the keyboard, Tab stays inside, Escape closes it and the focus
      // goes back to the control that opened it.
      await page.goto('/');
      if (viewport.name === 'phone') {
        await tabTo(page, /^Open menu$/);
        await page.keyboard.press('Enter');
      }
      const opener = await tabTo(page, /^Login$/);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        const f = await focused(page);
        expect(f?.inDialog, `Tab ${i + 1} stays in the dialog (${f?.tag} "${f?.name}")`).toBe(true);
        expect(f?.ring, `focus ring on ${f?.tag} "${f?.name}"`).toBe(true);
      }
      // The viewport only: a full-page capture briefly resizes the window (to 1x1 px in Chromium), which
      // folds the desktop header's Login button into the menu and so removes the control focus returns to.
      await shot(page, `keyboard-login-dialog-${viewport.name}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      // Focus returns to the control that opened the dialog (on the phone the menu has closed: its
      // button), never lost to the page body.
      await expect
        .poll(async () => (await focused(page))?.name)
        .toBe(viewport.name === 'phone' ? 'Open menu' : opener.name);
    });
  });
}
