import { clsx } from 'clsx';
import { Headphones } from 'lucide-react';

export const listenersText = (n: number) => `${n} ${n === 1 ? 'listener' : 'listeners'}`;

/** The live listener count. */
export function ListenerCount({ total, className }: { total: number; className?: string }) {
  return (
    <p className={clsx('flex items-center gap-1.5 text-slate-300 text-sm', className)}>
      <Headphones aria-hidden className="size-4 text-pink-400" />
      <span data-testid="listener-count" data-count={total}>
        {listenersText(total)}
      </span>
    </p>
  );
}
