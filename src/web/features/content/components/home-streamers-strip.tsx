import { LIMITS } from '@shared/limits';
import { STREAMERS_TEXTS } from '@shared/texts/content';
import { Card } from '@web/components/ui/card';
import { ArrowRight, Tv } from 'lucide-react';
import { Link } from 'react-router';
import { useStreamers } from '../api';
import { homeStreamers } from '../home-streamers';
import { StreamerCard } from './streamer-card';

/** Home: up to 4 community streamers, live ones first, and 'view all'. Hidden when none. */
export function HomeStreamersStrip({ className }: { className?: string }) {
  const streamers = useStreamers();
  const shown = homeStreamers(streamers.data ?? [], LIMITS.homeStreamers);
  if (shown.length === 0) return null;
  return (
    <Card className={className}>
      <section aria-labelledby="home-streamers-heading" className="p-5 sm:p-6" data-testid="home-streamers">
        <div className="mb-4 flex items-center justify-between gap-3">
          <h2 id="home-streamers-heading" className="flex items-center gap-2 font-bold text-white text-xl">
            <Tv aria-hidden className="size-5 text-pink-400" />
            {STREAMERS_TEXTS.title}
          </h2>
          <Link
            to="/streamers"
            className="inline-flex items-center gap-1 font-semibold text-pink-300 text-sm hover:underline"
          >
            {STREAMERS_TEXTS.viewAll}
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {shown.map((s) => (
            <li key={s.id} className="flex [&>article]:w-full">
              <StreamerCard streamer={s} compact />
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
