import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal dialog on the native <dialog> element: focus is trapped by the browser, Esc closes it,
 * and a click on the backdrop closes it too. Children mount only while open, so forms start fresh;
 * an element marked `data-autofocus` receives focus on opening.
 */
export function Dialog({
  open,
  onClose,
  title,
  hideTitle = false,
  children,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  hideTitle?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className={clsx(
        'm-auto w-[calc(100%-2rem)] max-w-md overflow-visible rounded-2xl border border-slate-700 bg-slate-900 p-0 text-slate-100',
        'shadow-2xl shadow-black/60 backdrop:bg-transparent',
        className,
      )}
    >
      {open ? (
        <div className="relative max-h-[calc(100dvh-2rem)] overflow-y-auto p-5 sm:p-6">
          <h2
            id={titleId}
            className={clsx(hideTitle ? 'sr-only' : 'mb-4 pr-10 font-bold text-lg text-white')}
          >
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="absolute top-3 right-3 rounded-lg p-2 text-slate-300 transition hover:bg-white/5 hover:text-white"
          >
            <X aria-hidden className="size-5" />
          </button>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
