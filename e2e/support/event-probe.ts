import { expect, type Page } from '@playwright/test';

/**
 * A second event stream opened in the page, with the page's session, to see when the server delivered an
 * event of `type` (the page's own stream is the app's, and a journey cannot read it). Resolves once the
 * probe's stream is open; `arrivedAt()` waits up to `timeout` for the event and answers when it came
 * (the page's clock, epoch ms).
 */
export async function probeEvent(page: Page, type: string) {
  await page.evaluate(
    (t) =>
      new Promise<void>((resolve) => {
        const w = window as unknown as { probeAt: number | null };
        w.probeAt = null;
        const source = new EventSource('/api/events');
        source.addEventListener(t, () => {
          w.probeAt ??= Date.now();
        });
        source.addEventListener('ready', () => resolve());
      }),
    type,
  );
  const seen = () => page.evaluate(() => (window as unknown as { probeAt: number | null }).probeAt);
  return {
    arrivedAt: async (timeout = 5000): Promise<number> => {
      await expect.poll(seen, { timeout, message: `a '${type}' event on the page's stream` }).not.toBeNull();
      return (await seen()) as number;
    },
  };
}
