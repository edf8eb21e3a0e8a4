import { TEXTS } from '@shared/texts';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';

/** Shown inside a page the visitor may not use ('Access Denied' + the reason). */
export function AccessDenied({ message = TEXTS.access.adminRequired }: { message?: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-red-500/15 text-red-300">
        <ShieldAlert aria-hidden className="size-8" />
      </span>
      <h1 className="font-bold text-3xl text-white">{TEXTS.access.denied}</h1>
      <p className="text-slate-300">{message}</p>
      <Link to="/" className="font-semibold text-pink-300 hover:underline">
        Back to Home
      </Link>
    </div>
  );
}
