import { usePublicSettings } from '@web/features/settings/api';
import { clsx } from 'clsx';
import { HandHeart, Heart } from 'lucide-react';

/** Donation progress is shown statically, as the spec says: £0 raised of a £100 target. */
const RAISED = 0;
const TARGET = 100;
let poundsFormat: Intl.NumberFormat | undefined;
/** Made on first use, not when the module loads (see recently-played.tsx's clock). */
const pounds = () => {
  poundsFormat ??= new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    maximumFractionDigits: 0,
  });
  return poundsFormat;
};

/** 'Support us': the donation call-to-action. The donate link is an anchor until a donation page exists. */
export function SupportUs({ className }: { className?: string }) {
  const { siteTitle } = usePublicSettings();
  const percent = Math.round((RAISED / TARGET) * 100);
  return (
    <section
      id="support"
      aria-labelledby="support-heading"
      className={clsx(
        'relative overflow-hidden rounded-3xl border border-pink-500/20 bg-gradient-to-br from-pink-500/15 via-violet-600/10 to-slate-900 p-6 sm:p-8',
        className,
      )}
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-16 -right-10 size-56 rounded-full bg-pink-500/20 blur-3xl"
      />
      <div className="relative grid items-center gap-6 md:grid-cols-[1.3fr_1fr]">
        <div className="min-w-0">
          <h2 id="support-heading" className="flex items-center gap-2 font-extrabold text-2xl text-white">
            <HandHeart aria-hidden className="size-7 text-pink-400" />
            Support us
          </h2>
          <p className="mt-2 max-w-xl text-slate-200">
            {siteTitle} is run by volunteers and kept on air by listeners like you. Every donation helps pay
            for the stream, the music licences and the servers.
          </p>
          <a
            href="#support"
            className="mt-5 inline-flex h-11 items-center gap-2 rounded-lg bg-gradient-to-r from-pink-500 to-violet-500 px-5 font-semibold text-white shadow-lg shadow-pink-500/20 transition hover:brightness-110"
          >
            <Heart aria-hidden className="size-4 fill-current" />
            Donate
          </a>
        </div>
        <div className="rounded-2xl border border-white/10 bg-slate-950/50 p-5">
          <p className="flex items-baseline justify-between gap-2">
            <span className="font-extrabold text-3xl text-white" data-testid="donation-raised">
              {pounds().format(RAISED)}
            </span>
            <span className="text-slate-300 text-sm">raised of {pounds().format(TARGET)} target</span>
          </p>
          <div
            role="progressbar"
            aria-label="Donations raised"
            aria-valuemin={0}
            aria-valuemax={TARGET}
            aria-valuenow={RAISED}
            aria-valuetext={`${pounds().format(RAISED)} of ${pounds().format(TARGET)}`}
            className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-800"
          >
            <div
              className="h-full rounded-full bg-gradient-to-r from-pink-500 to-violet-500"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="mt-2 text-slate-400 text-xs">{percent}% of this month's goal</p>
        </div>
      </div>
    </section>
  );
}
