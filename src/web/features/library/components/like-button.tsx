import { LIBRARY_TEXTS } from '@shared/texts/library';
import { errorMessage } from '@web/app/data/api-client';
import { useMe } from '@web/app/session';
import { toast } from '@web/app/toast/toast';
import { useAuthModal } from '@web/features/auth/hooks/auth-modal-context';
import { clsx } from 'clsx';
import { Heart } from 'lucide-react';
import { useMyLikes, useToggleLike } from '../api';
import { isSongLiked, type LikeableSong } from '../likes';

const sizes = { sm: 'size-8', md: 'size-10', lg: 'size-12' } as const;
const icons = { sm: 'size-4', md: 'size-5', lg: 'size-6' } as const;

/**
 * The heart for a song (home player, player bar, song lists). Filled when the member likes it; a
 * visitor sees 'Login to like songs' and gets the login modal. Only a song the station knows (with an id)
 * can be liked: for any other there is no heart.
 */
export function LikeButton({
  song,
  size = 'md',
  className,
}: {
  song: LikeableSong;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const { me } = useMe();
  const { openAuth } = useAuthModal();
  const likes = useMyLikes();
  const toggle = useToggleLike();
  const liked = Boolean(me) && isSongLiked(likes.data, song);
  const songId = song.id;
  if (!songId) return null;

  const onClick = () => {
    if (!me) {
      openAuth('login');
      return;
    }
    toggle.mutate({ ...song, id: songId }, { onError: (err) => toast.error(errorMessage(err)) });
  };

  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`${liked ? 'Unlike' : 'Like'} ${song.title}`}
      title={me ? (liked ? 'Unlike' : 'Like') : LIBRARY_TEXTS.loginToLike}
      data-testid="like-button"
      data-liked={liked}
      className={clsx(
        'flex shrink-0 items-center justify-center rounded-full transition',
        liked
          ? 'bg-pink-500/15 text-pink-400 hover:bg-pink-500/25'
          : 'text-slate-300 hover:bg-white/10 hover:text-pink-300',
        sizes[size],
        className,
      )}
    >
      <Heart aria-hidden className={clsx(icons[size], liked && 'fill-current')} />
    </button>
  );
}
