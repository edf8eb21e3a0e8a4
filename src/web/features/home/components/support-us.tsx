import { usePublicSettings } from '@web/features/settings/api';
import { clsx } from 'clsx';
import { HandHeart, Heart } from 'lucide-react';

const formats = new Map<number, Intl.NumberFormat>();
/** £100 for whole pounds, £87.50 with pence. Formats are made on first use, not when the module loads. */
const pounds = (amount: number) => {
  const digits = Number.isInteger(amount) ? 0 : 2;
  let f = formats.get(digits);
  if (!f) {
    f = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formats.set(digits, f);
  }
  return f.format(amount);
};

/**
 * 'Support us': the donation call-to-action. Donate opens the station's donation page (a site setting)
 * in a new tab, and is not shown while none is set; this month's goal and amount raised come from the
 * site settings too.
 */
export function SupportUs({ className }: { className?: string }) {
  const { siteTitle, donation } = usePublicSettings();
  const { url, goalGbp: goal, raisedGbp: raised } = donation;
  const percent = goal > 0 ? Math.min(100, Math.round((raised / goal) * 100)) : 0;
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
          {url ? (
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="donate-link"
              className="mt-5 inline-flex h-11 items-center gap-2 rounded-lg bg-gradient-to-r from-pink-500 to-violet-500 px-5 font-semibold text-white shadow-lg shadow-pink-500/20 transition hover:brightness-110"
            >
              <Heart aria-hidden className="size-4 fill-current" />
              Donate
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
        <div className="rounded-2xl border border-white/10 bg-slate-950/50 p-5">
          <p className="flex items-baseline justify-between gap-2">
            <span className="font-extrabold text-3xl text-white" data-testid="donation-raised">
              {pounds(raised)}
            </span>
            <span className="text-slate-300 text-sm">raised of {pounds(goal)} target</span>
          </p>
          <div
            role="progressbar"
            aria-label="Donations raised"
            aria-valuemin={0}
            aria-valuemax={goal}
            aria-valuenow={Math.min(raised, goal)}
            aria-valuetext={`${pounds(raised)} of ${pounds(goal)}`}
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
