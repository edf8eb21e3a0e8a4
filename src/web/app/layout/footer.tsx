import { FOOTER_TEXTS } from '@shared/texts/common';
import { RECORDINGS_TEXTS } from '@shared/texts/recordings';
import { ON_AIR_TEXTS } from '@shared/texts/station';
import { usePublicSettings } from '@web/features/settings/api';
import { useNowPlaying } from '@web/features/station/now-playing';
import { onAirState, streamQualityText } from '@web/features/station/on-air-state';
import { Headphones, Heart, History, LifeBuoy, Radio, Rss } from 'lucide-react';
import { Link } from 'react-router';
import { onFooterSecret } from '../triggers/hidden-triggers';

/**
 * The footer on every page: what is on air now and the stream's real quality. The quality chip fires the
 * hidden `onFooterSecret` hook.
 */
export function Footer() {
  const { siteTitle } = usePublicSettings();
  const { data } = useNowPlaying();
  const state = onAirState(data);
  return (
    <footer className="mt-16 border-slate-800 border-t bg-slate-950/60">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1.4fr_1fr]">
        <div className="space-y-2">
          <p className="flex items-center gap-2 font-semibold text-white">
            <Heart aria-hidden className="size-4 fill-pink-500 text-pink-500" />
            {FOOTER_TEXTS.love}
          </p>
          <p className="max-w-md text-slate-300 text-sm">{FOOTER_TEXTS.quality}</p>
        </div>
        <ul className="flex flex-wrap items-start gap-3 md:justify-end">
          {state ? (
            <li
              data-testid="footer-on-air"
              className="flex items-center gap-2 rounded-full border border-slate-700 bg-slate-900 px-3 py-1.5 text-slate-100 text-sm"
            >
              <Radio aria-hidden className="size-4 text-pink-400" />
              {ON_AIR_TEXTS.footer[state]}
            </li>
          ) : null}
          <li>
            <button
              type="button"
              onClick={() => onFooterSecret.emit()}
              className="flex items-center gap-2 rounded-full border border-slate-700 bg-slate-900 px-3 py-1.5 text-slate-100 text-sm transition hover:border-pink-400/60"
            >
              <Headphones aria-hidden className="size-4 text-violet-300" />
              <span data-testid="footer-quality">{streamQualityText(data)}</span>
            </button>
          </li>
        </ul>
      </div>
      <div className="border-slate-800 border-t">
        {/* sm:pr-28 keeps the last row's links clear of the floating Live Chat button at the bottom right. */}
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 text-slate-400 text-xs sm:flex-row sm:justify-between sm:px-6 sm:pr-28">
          <p>
            © {new Date().getFullYear()} {siteTitle}. All rights reserved.
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-1">
            <span>Run by volunteers, powered by listeners like you.</span>
            <Link
              to="/listen-again"
              className="inline-flex items-center gap-1 text-slate-300 hover:text-white hover:underline"
            >
              <History aria-hidden className="size-3.5" />
              {RECORDINGS_TEXTS.footer.listenAgain}
            </Link>
            <a
              href="/podcast.xml"
              className="inline-flex items-center gap-1 text-slate-300 hover:text-white hover:underline"
            >
              <Rss aria-hidden className="size-3.5" />
              {RECORDINGS_TEXTS.footer.podcast}
            </a>
            <Link
              to="/support"
              className="inline-flex items-center gap-1 text-slate-300 hover:text-white hover:underline"
            >
              <LifeBuoy aria-hidden className="size-3.5" />
              Help &amp; Support
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
