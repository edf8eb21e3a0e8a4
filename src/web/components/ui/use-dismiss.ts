import { type RefObject, useEffect } from 'react';

/**
 * Closes a popover (dropdown, menu) on Esc or on a pointer press outside `container`.
 * Esc returns focus to `trigger` so keyboard users keep their place.
 */
export function useDismiss(
  open: boolean,
  onClose: () => void,
  container: RefObject<HTMLElement | null>,
  trigger?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      onClose();
      trigger?.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (container.current && !container.current.contains(e.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, onClose, container, trigger]);
}
