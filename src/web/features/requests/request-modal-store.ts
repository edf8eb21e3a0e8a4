import { useSyncExternalStore } from 'react';

/** Whether the request modal is open; any part of the app may open it (home player, mobile tile). */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
}

export const openRequestModal = () => set(true);
export const closeRequestModal = () => set(false);

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

export function useRequestModalOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
