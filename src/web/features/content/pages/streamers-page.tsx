import { STREAMERS_TEXTS } from '@shared/texts/content';
import { errorMessage } from '@web/app/data/api-client';
import { Alert } from '@web/components/ui/alert';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { Tv } from 'lucide-react';
import { useStreamers } from '../api';
import { StreamerCard } from '../components/streamer-card';

/** /streamers: the community's active streamers by display order, 1/2/4 columns. */
export default function StreamersPage() {
  const streamers = useStreamers();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-8">
        <h1 className="font-extrabold text-3xl text-white tracking-tight sm:text-4xl">
          {STREAMERS_TEXTS.title}
        </h1>
        <p className="mt-1 text-slate-300">{STREAMERS_TEXTS.subtitle}</p>
      </header>
      {streamers.isPending ? (
        <LoadingState label={STREAMERS_TEXTS.loading} />
      ) : streamers.isError ? (
        <Alert>{errorMessage(streamers.error)}</Alert>
      ) : streamers.data.length === 0 ? (
        <EmptyState icon={<Tv aria-hidden className="size-7" />} title={STREAMERS_TEXTS.empty} />
      ) : (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {streamers.data.map((s) => (
            <li key={s.id} className="flex [&>article]:w-full">
              <StreamerCard streamer={s} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
