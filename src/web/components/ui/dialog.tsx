import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the dialog: past the last control comes the first, and back. */
function trapTab(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  const inside = active instanceof Node && e.currentTarget.contains(active);
  if (e.shiftKey && (active === first || !inside)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !inside)) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog on the native <dialog> element: the rest of the page is inert, Tab cycles inside it
 * (the browser alone would let it leave for its own toolbar), focus returns to the opener, Esc closes it,
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
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      // Back to the control that opened it, when it is still on the page.
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onKeyDown={trapTab}
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
