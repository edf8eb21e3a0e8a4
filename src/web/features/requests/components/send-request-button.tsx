import { PLAYER_TEXTS } from '@shared/texts/station';
import { clsx } from 'clsx';
import { Send } from 'lucide-react';
import { openRequestModal } from '../request-modal-store';
import { loadRequestModal } from './lazy-request-modal';

const prefetch = () => void loadRequestModal().catch(() => undefined);

/** 'Send a request' (shown by the players while a presenter is live): opens the request modal. */
export function SendRequestButton({ className }: { className?: string }) {
  return (
    <button
      type="button"
      onClick={openRequestModal}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      aria-haspopup="dialog"
      className={clsx(
        'inline-flex h-10 items-center gap-2 rounded-lg border border-pink-400/40 bg-pink-500/10 px-4 font-semibold text-pink-200 text-sm transition hover:bg-pink-500/20 hover:text-white',
        className,
      )}
    >
      <Send aria-hidden className="size-4" />
      {PLAYER_TEXTS.sendRequest}
    </button>
  );
}
