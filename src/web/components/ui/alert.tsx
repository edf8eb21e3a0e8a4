import { clsx } from 'clsx';
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';

/** An inline message box; errors are announced immediately. */
export function Alert({
  tone = 'error',
  children,
  className,
}: {
  tone?: 'error' | 'success';
  children: ReactNode;
  className?: string;
}) {
  const error = tone === 'error';
  return (
    <div
      role={error ? 'alert' : 'status'}
      className={clsx(
        'flex items-start gap-2 rounded-lg border px-3 py-2 text-sm',
        error
          ? 'border-red-500/40 bg-red-500/10 text-red-200'
          : 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
        className,
      )}
    >
      {error ? (
        <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
      ) : (
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
      )}
      <div className="min-w-0">{children}</div>
    </div>
  );
}
