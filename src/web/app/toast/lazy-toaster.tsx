import { type ComponentProps, lazy, Suspense, useEffect } from 'react';
import type { Toaster as SonnerToaster } from 'sonner';
import { loadToastLibrary, toasterMounted } from './toast';

type ToasterProps = ComponentProps<typeof SonnerToaster>;

const Toaster = lazy(() =>
  loadToastLibrary().then(({ Toaster: Inner }) => ({
    default: function MountedToaster(props: ToasterProps) {
      useEffect(() => toasterMounted(), []);
      return <Inner {...props} />;
    },
  })),
);

/** The toaster, loaded after the page's first script (see toast.ts). */
export function LazyToaster(props: ToasterProps) {
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
