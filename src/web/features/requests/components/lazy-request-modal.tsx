import { lazy, Suspense, useState } from 'react';
import { useRequestModalOpen } from '../request-modal-store';

export const loadRequestModal = () => import('./request-modal');
const RequestModal = lazy(() => loadRequestModal().then((m) => ({ default: m.RequestModal })));

/** The request modal and its form load on first use, outside the listener's first download. */
export function LazyRequestModal() {
  const open = useRequestModalOpen();
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <RequestModal />
    </Suspense>
  );
}
