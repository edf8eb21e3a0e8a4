import { Spinner } from '@web/components/ui/spinner';

/** Full-screen spinner shown while the session first loads: 'Loading {product}...'. */
export function FullScreenLoader({ label }: { label: string }) {
  return (
    <div role="status" className="fixed inset-0 flex flex-col items-center justify-center gap-4 bg-slate-950">
      <Spinner size="lg" className="text-pink-400" />
      <p className="font-medium text-slate-300">{label}</p>
    </div>
  );
}
