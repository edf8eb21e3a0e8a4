import type { RequestSettings } from '@shared/contracts/requests';
import { SectionTitle } from '@web/components/section-title';
import { Ban, BookOpen } from 'lucide-react';
import { Link } from 'react-router';

/** The Requests page's guidelines, with the station's limits and a link to the banned songs list. */
export function RequestGuidelines({ settings }: { settings: RequestSettings | undefined }) {
  const cooldown = settings?.cooldownMinutes ?? 5;
  const recent = settings?.recentPlayMinutes;
  const items = [
    'Requests are open while a presenter is live on air; the AutoDJ does not take requests.',
    `You can send one request every ${cooldown} minute${cooldown === 1 ? '' : 's'}.`,
    recent
      ? `Songs played in the last ${recent} minutes, or already waiting to be played, cannot be requested again.`
      : 'Songs already waiting to be played cannot be requested again.',
    'Keep messages friendly: shoutouts, jokes and competition entries are read out at the presenter’s choice.',
    'Approval is up to the presenter, who may not be able to play every request.',
  ];
  return (
    <section
      aria-labelledby="request-guidelines-heading"
      className="rounded-2xl border border-slate-700/80 bg-slate-900/70 p-5"
    >
      <SectionTitle id="request-guidelines-heading" icon={BookOpen}>
        Request Guidelines
      </SectionTitle>
      <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-slate-300 text-sm">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
        <li>
          Some songs are banned on this station and cannot be requested.{' '}
          <Link
            to="/banned-songs"
            className="inline-flex items-center gap-1 font-semibold text-pink-300 hover:underline"
          >
            <Ban aria-hidden className="size-3.5" />
            See the banned songs
          </Link>
        </li>
      </ul>
    </section>
  );
}
