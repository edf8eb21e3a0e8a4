import type { ManagedRecording, Recording } from '@shared/contracts/recordings';
import { RECORDINGS_TEXTS } from '@shared/texts/recordings';
import { hasCapability } from '@web/app/capabilities';
import { errorMessage } from '@web/app/data/api-client';
import { useMe } from '@web/app/session';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { Headphones, Rss, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDeleteRecording, useManagedRecordings, useRecordings, useSetRecordingHidden } from '../api';
import { type ItemActions, RecordingItem } from '../components/recording-item';
import { useRecordingAudio } from '../use-recording-audio';

const T = RECORDINGS_TEXTS.page;

/**
 * /listen-again: the published recordings of live shows, newest first, with a player that
 * seeks; ?show= narrows it to one show (the schedule links here). A presenter sees Hide and Delete on
 * their own recordings, an admin on all, and both see their hidden ones below.
 */
export default function ListenAgainPage() {
  const [params] = useSearchParams();
  const show = params.get('show')?.trim() || null;
  const list = useRecordings(show);
  const { me } = useMe();
  const managesAll = hasCapability(me, 'recordings.manage');
  const mayOwn = !!me && (me.isPresenter || managesAll || hasCapability(me, 'presenter.panel'));
  const managed = useManagedRecordings(mayOwn);
  const audio = useRecordingAudio();
  const setHidden = useSetRecordingHidden();
  const remove = useDeleteRecording();
  const [busyId, setBusyId] = useState<string | null>(null);

  const canManage = (r: Recording) => !!me && (managesAll || r.presenterId === me.user.id);
  const actionsFor = (r: Recording | ManagedRecording): ItemActions | null =>
    canManage(r)
      ? {
          busy: busyId === r.id,
          onHidden: (hidden) => {
            setBusyId(r.id);
            setHidden.mutate(
              { id: r.id, hidden },
              {
                onSuccess: () => {
                  if (hidden && audio.currentId === r.id) audio.pause();
                  toast.success(hidden ? T.hiddenDone : T.shownDone);
                },
                onError: (e) => toast.error(errorMessage(e)),
                onSettled: () => setBusyId(null),
              },
            );
          },
          onDelete: () => {
            if (!window.confirm(T.confirmDelete(r.title))) return;
            setBusyId(r.id);
            remove.mutate(r.id, {
              onSuccess: () => {
                if (audio.currentId === r.id) audio.pause();
                toast.success(T.deletedDone);
              },
              onError: (e) => toast.error(errorMessage(e)),
              onSettled: () => setBusyId(null),
            });
          },
        }
      : null;

  const recordings = list.data?.pages.flatMap((p) => p.recordings) ?? [];
  const hiddenOnes = (managed.data?.recordings ?? []).filter(
    (r) => r.hidden && (!show || r.title.toLowerCase() === show.toLowerCase()),
  );

  // A recording that leaves the page (hidden or deleted meanwhile, or another show picked) stops with it:
  // its controls are gone.
  const shown = [...recordings, ...hiddenOnes].some((r) => r.id === audio.currentId);
  const { currentId, pause } = audio;
  useEffect(() => {
    if (currentId && !shown && !list.isPending) pause();
  }, [currentId, shown, list.isPending, pause]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-extrabold text-3xl text-white tracking-tight sm:text-4xl">{T.title}</h1>
          <p className="mt-1 text-slate-300">{T.subtitle}</p>
        </div>
        <a
          href="/podcast.xml"
          title={T.podcastHint}
          className="inline-flex items-center gap-2 self-start rounded-lg border border-slate-700 bg-slate-900/70 px-3 py-2 font-semibold text-slate-200 text-sm hover:border-orange-400/60 hover:text-white sm:self-auto"
        >
          <Rss aria-hidden className="size-4 text-orange-400" />
          {T.podcast}
        </a>
      </header>

      {show ? (
        <p className="mb-4 flex flex-wrap items-center gap-2 text-slate-300">
          <span className="rounded-full border border-pink-500/40 bg-pink-500/10 px-3 py-1 font-semibold text-pink-200 text-sm">
            {T.filteredBy(show)}
          </span>
          <Link
            to="/listen-again"
            className="inline-flex items-center gap-1 text-slate-400 text-sm hover:text-white hover:underline"
          >
            <X aria-hidden className="size-3.5" />
            {T.allShows}
          </Link>
        </p>
      ) : null}

      {/* biome-ignore lint/a11y/useMediaCaption: recorded radio shows have no captions */}
      <audio ref={audio.ref} preload="none" data-testid="recording-audio" hidden />

      {list.isPending ? (
        <LoadingState label={T.loading} />
      ) : list.isError ? (
        <Alert>{errorMessage(list.error)}</Alert>
      ) : recordings.length === 0 ? (
        <EmptyState
          icon={<Headphones aria-hidden className="size-7" />}
          title={show ? T.emptyShow(show) : T.empty}
        />
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label={T.title}>
            {recordings.map((r) => (
              <RecordingItem key={r.id} rec={r} audio={audio} actions={actionsFor(r)} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <Button
                variant="secondary"
                busy={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {T.more}
              </Button>
            </div>
          ) : null}
        </>
      )}

      {hiddenOnes.length > 0 ? (
        <section className="mt-10" aria-labelledby="hidden-recordings">
          <h2 id="hidden-recordings" className="font-bold text-white text-xl">
            {T.hiddenHeading}
          </h2>
          <p className="mt-1 mb-4 text-slate-400 text-sm">{T.manageIntro}</p>
          <ul className="flex flex-col gap-3">
            {hiddenOnes.map((r) => (
              <RecordingItem key={r.id} rec={r} audio={audio} actions={actionsFor(r)} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
