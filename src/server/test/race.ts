import { createTestApp, type Member, memberWith, signUpMember } from './test-app';

/**
 * For concurrency tests (run them on PostgreSQL: the embedded database has one connection and never
 * races): an app whose first member is the admin, and `count` presenters ready to act at once.
 */
export async function appWithPresenters(count: number) {
  const t = await createTestApp();
  await signUpMember(t.app, 'Admin');
  const presenters: Member[] = [];
  for (let i = 0; i < count; i++) presenters.push(await memberWith(t, 'presenter', [], `Presenter ${i}`));
  return { t, presenters };
}

/**
 * How long one burst of simultaneous requests may take to be answered. Twenty bookings took over 30 s in
 * a full PostgreSQL run on a loaded 2-core machine while they take a second or two alone: the bound is
 * for that machine, not for a quiet one.
 */
export const BURST_MS = 90_000;

/** The timeout of a test that sends `bursts` bursts one after another: above their own bounds, so a
 * burst that does not finish is reported by `allAnswered`, saying what it waited for. */
export const burstTestTimeout = (bursts = 1) => bursts * BURST_MS + 30_000;

/**
 * Waits for every request of a burst, for at most BURST_MS; when it gives up, the error says what it
 * was waiting for and how many had answered.
 */
export async function allAnswered<T>(what: string, burst: Promise<T>[]): Promise<T[]> {
  let answered = 0;
  const counted = burst.map((p) =>
    p.then((v) => {
      answered++;
      return v;
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `${what}: ${answered} of ${burst.length} answered in ${BURST_MS / 1000} s, the rest never did`,
          ),
        ),
      BURST_MS,
    );
  });
  try {
    return await Promise.race([Promise.all(counted), gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}
