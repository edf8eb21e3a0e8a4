import type { AppContext } from '../../context';
import {
  announcePresenterLive,
  announceWeeklyChart,
  DELIVER_JOB,
  endLiveAnnouncement,
  siteInfo,
} from './outbox.service';

/**
 * What the Discord outbox reacts to (infra/domain-events.ts): the chart, now playing and the others emit
 * their events and never call in here. Each announcement is queued in the outbox when it is switched on.
 */
export function subscribeDiscordAnnouncements(ctx: AppContext) {
  // The weekly chart: in the transaction that writes it.
  ctx.events.on('chart.published', async (chart, tx) =>
    announceWeeklyChart(ctx, tx ?? ctx.db, chart, await siteInfo({ db: tx ?? ctx.db, config: ctx.config })),
  );
  // A presenter went live: announced once per live session (whichever instance saw it first).
  ctx.events.on('live.started', async (live) => {
    const site = await siteInfo(ctx);
    await ctx.db.transaction((tx) => announcePresenterLive(ctx, tx, live, site));
    ctx.jobs.wake(DELIVER_JOB);
  });
  ctx.events.on('live.ended', () => endLiveAnnouncement(ctx.db));
}
