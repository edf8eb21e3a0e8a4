import type { DeckKind, DeckTrack } from '@shared/contracts/media';
import { BOOTH_TEXTS } from '@shared/texts/booth';
import { useDebouncedValue } from '@web/app/hooks/use-debounced-value';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { useDeckSearch } from '../api';

const T = BOOTH_TEXTS;

function minutes(seconds: number) {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The deck's picker from the station library: songs, or jingles and IDs, searched by title or artist.
 * Loading one puts it on the deck (the same play, pause, cue and volume as a local file).
 */
export function DeckLibrary({
  loadedId,
  onLoad,
}: {
  loadedId: string | null;
  onLoad: (t: DeckTrack) => void;
}) {
  const ids = useId();
  const [kind, setKind] = useState<DeckKind>('music');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const search = useDeckSearch(kind, q);
  const tracks = search.data?.tracks ?? [];

  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${ids}-heading`} data-testid="deck-library">
      <h4 id={`${ids}-heading`} className="font-semibold text-slate-200 text-sm">
        {T.fromLibrary}
      </h4>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{T.libraryKind}</legend>
        {(
          [
            ['music', T.songs],
            ['jingles', T.jingles],
          ] as const
        ).map(([k, label]) => (
          <Button
            key={k}
            size="sm"
            variant={kind === k ? 'secondary' : 'ghost'}
            aria-pressed={kind === k}
            onClick={() => setKind(k)}
          >
            {label}
          </Button>
        ))}
      </fieldset>
      <label htmlFor={`${ids}-search`} className="sr-only">
        {T.searchLibrary}
      </label>
      <Input
        id={`${ids}-search`}
        type="search"
        placeholder={T.searchLibrary}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {search.isError ? <Alert>{T.libraryUnavailable}</Alert> : null}
      {search.isSuccess && tracks.length === 0 ? (
        <p className="text-slate-400 text-sm">{T.noMatches}</p>
      ) : null}
      {tracks.length > 0 ? (
        <ul className="flex max-h-64 flex-col divide-y divide-slate-700 overflow-y-auto rounded-lg border border-slate-700">
          {tracks.map((t) => (
            <li
              key={t.id}
              className={clsx('flex items-center gap-3 px-3 py-2', loadedId === t.id && 'bg-pink-500/10')}
              data-testid="deck-library-track"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm text-white">{t.title}</p>
                <p className="truncate text-slate-400 text-xs">
                  {t.artist} · {minutes(t.durationSeconds)}
                </p>
              </div>
              {loadedId === t.id ? (
                <span className="shrink-0 text-pink-300 text-xs">{T.onDeck}</span>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  className="shrink-0"
                  aria-label={T.load(t.title)}
                  onClick={() => onLoad(t)}
                >
                  {T.loadButton}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
