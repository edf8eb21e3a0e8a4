import { clsx } from 'clsx';

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-12 border-4' } as const;

/** A decorative spinner; pair it with visible or screen-reader text. */
export function Spinner({ size = 'md', className }: { size?: keyof typeof sizes; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-block animate-spin rounded-full border-current border-r-transparent',
        sizes[size],
        className,
      )}
    />
  );
}

/** A spinner with a status message, for a page or a section that is loading. */
export function LoadingState({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      className={clsx('flex items-center justify-center gap-3 py-12 text-slate-300', className)}
    >
      <Spinner className="text-pink-400" />
      <span>{label}</span>
    </div>
  );
}
