import type { ExternalToast } from 'sonner';

/**
 * Toasts, with the toast library loaded apart from the page's first script: a slow phone evaluates less
 * before the first screen, and the library arrives while the page is drawn. A toast asked for before the
 * toaster is on the page waits for it (the library drops toasts made before its toaster mounted).
 */
type Sonner = typeof import('sonner');

let library: Promise<Sonner> | null = null;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Starts loading the toast library (once). */
export function loadToastLibrary(): Promise<Sonner> {
  library ??= import('sonner');
  return library;
}

/** Called by the toaster once it is on the page. */
export function toasterMounted() {
  markMounted();
}

type Show = (message: string, options?: ExternalToast) => void;

const show =
  (pick: (s: Sonner['toast']) => Show): Show =>
  (message, options) => {
    void Promise.all([loadToastLibrary(), mounted]).then(([s]) => pick(s.toast)(message, options));
  };

export const toast = Object.assign(
  show((t) => t),
  {
    success: show((t) => t.success),
    error: show((t) => t.error),
    warning: show((t) => t.warning),
  },
);
