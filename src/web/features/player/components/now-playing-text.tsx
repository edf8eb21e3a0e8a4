import type { useNowPlayingView } from '../use-now-playing-view';

/** A player's song title (an ellipsis while loading) and artist, sized by the player around them. */
export function NowPlayingText({
  view,
  titleClassName,
  artistClassName,
}: {
  view: ReturnType<typeof useNowPlayingView>;
  titleClassName: string;
  artistClassName: string;
}) {
  return (
    <>
      <h2 data-testid="now-playing-title" className={titleClassName}>
        {view.isPending ? '…' : view.title}
      </h2>
      <p data-testid="now-playing-artist" className={artistClassName}>
        {view.artist}
      </p>
    </>
  );
}
