import { RECORDINGS_TEXTS } from '../../../shared/texts/recordings';
import type { AppContext } from '../../context';
import { rssDocument } from '../../infra/rss';
import { xmlText } from '../../infra/xml-text';
import { getPublicSettings } from '../settings/public-settings';
import { audioPathOf, listFeedRecordings } from './recordings.service';

/** itunes:duration as H:MM:SS (whole seconds). */
export function itunesDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The day a show went out, for a person (UTC, so the feed is the same wherever it is read). */
const dayOf = (d: Date) =>
  d.toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * /podcast.xml: RSS 2.0 with Apple Podcasts' (iTunes) tags of the published recordings, newest first.
 * Each item's enclosure is the MP3 at its absolute URL (BASE_URL), with its length in bytes.
 */
export async function renderPodcastFeed(ctx: Pick<AppContext, 'db' | 'config'>): Promise<string> {
  const site = await getPublicSettings(ctx);
  const base = ctx.config.baseUrl;
  const rows = await listFeedRecordings(ctx);
  const title = RECORDINGS_TEXTS.podcast.title(site.siteTitle);
  const description = site.siteDescription || RECORDINGS_TEXTS.podcast.description(site.siteTitle);
  const image = `${base}/icons/icon-512.png`;
  const page = `${base}/listen-again`;
  const items = rows.map((r) => {
    const url = `${base}${audioPathOf(r.id)}`;
    const about = RECORDINGS_TEXTS.podcast.itemDescription(r.showTitle, r.presenterName, dayOf(r.startedAt));
    return [
      '    <item>',
      `      <title>${xmlText(`${r.showTitle} (${r.startedAt.toISOString().slice(0, 10)})`)}</title>`,
      `      <link>${xmlText(`${page}?show=${encodeURIComponent(r.showTitle)}`)}</link>`,
      `      <guid isPermaLink="false">${xmlText(`${base}/recordings/${r.id}`)}</guid>`,
      `      <pubDate>${r.startedAt.toUTCString()}</pubDate>`,
      `      <description>${xmlText(about)}</description>`,
      `      <enclosure url="${xmlText(url)}" length="${r.byteSize}" type="${xmlText(r.mimeType)}" />`,
      `      <itunes:title>${xmlText(r.showTitle)}</itunes:title>`,
      `      <itunes:author>${xmlText(r.presenterName)}</itunes:author>`,
      `      <itunes:summary>${xmlText(about)}</itunes:summary>`,
      `      <itunes:duration>${itunesDuration(r.durationSeconds)}</itunes:duration>`,
      '      <itunes:explicit>false</itunes:explicit>',
      '      <itunes:episodeType>full</itunes:episodeType>',
      '    </item>',
    ].join('\n');
  });
  return rssDocument({
    namespaces:
      'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/"',
    title,
    link: page,
    description,
    self: `${base}/podcast.xml`,
    lastBuild: rows[0] ? rows[0].startedAt : null,
    extra: [
      `    <image><url>${xmlText(image)}</url><title>${xmlText(title)}</title><link>${xmlText(page)}</link></image>`,
      `    <itunes:author>${xmlText(site.siteTitle)}</itunes:author>`,
      `    <itunes:summary>${xmlText(description)}</itunes:summary>`,
      `    <itunes:owner><itunes:name>${xmlText(site.siteTitle)}</itunes:name></itunes:owner>`,
      `    <itunes:image href="${xmlText(image)}" />`,
      '    <itunes:category text="Music" />',
      '    <itunes:explicit>false</itunes:explicit>',
      '    <itunes:type>episodic</itunes:type>',
    ],
    items,
  });
}
