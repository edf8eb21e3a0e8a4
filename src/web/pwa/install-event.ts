import { useSyncExternalStore } from 'react';

export interface InstallEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: InstallEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/**
 * Keeps the browser's install offer from the moment the page starts. Chromium can fire
 * beforeinstallprompt before React has drawn anything (the first render is time-sliced): a listener added
 * by a component's effect would miss it, and the card would never show. Called once, before the first render.
 */
export function captureInstallOffer() {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    offered = e as InstallEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offered = null;
    changed();
  });
}

/** The offer is used or turned down: it is not shown again in this page. */
export function clearInstallOffer() {
  offered = null;
  changed();
}

/** The browser's pending install offer, if there is one. */
export function useInstallOffer(): InstallEvent | null {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => offered,
    () => null,
  );
}
