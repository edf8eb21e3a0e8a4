import { useMe } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { useAuthModal } from '@web/features/auth/hooks/auth-modal-context';
import { usePublicSettings } from '@web/features/settings/api';
import { Headphones, Radio, UserPlus } from 'lucide-react';
import { Equalizer } from '../components/equalizer';

/** Home: the hero. The player, on-air panel and teasers arrive with their features. */
export function HomePage() {
  const { siteTitle, siteDescription } = usePublicSettings();
  const { me } = useMe();
  const { openAuth } = useAuthModal();

  return (
    <section className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 sm:pt-16">
      <div className="relative overflow-hidden rounded-3xl border border-slate-700/80 bg-gradient-to-br from-indigo-950/70 via-slate-900 to-slate-950 px-5 py-8 sm:px-12 sm:py-16">
        <div
          aria-hidden
          className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-pink-500/20 blur-3xl"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute -bottom-32 -left-20 size-80 rounded-full bg-violet-500/20 blur-3xl"
        />
        <div className="relative grid items-center gap-10 lg:grid-cols-[1.3fr_1fr]">
          <div className="min-w-0">
            <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-rose-500/30 bg-rose-500/10 px-3 py-1 font-semibold text-rose-500 text-xs uppercase tracking-widest">
              <span aria-hidden className="size-2 motion-safe:animate-pulse rounded-full bg-rose-500" />
              {siteTitle} · on air 24/7
            </p>
            <h1 className="break-words font-extrabold text-4xl text-white leading-tight tracking-tight sm:text-6xl">
              Your drive,{' '}
              <span className="bg-gradient-to-r from-pink-400 to-violet-300 bg-clip-text text-transparent">
                your music.
              </span>
            </h1>
            {siteDescription ? (
              <p className="mt-5 max-w-xl text-slate-300 text-lg">{siteDescription}</p>
            ) : null}
            <div className="mt-8 flex flex-wrap gap-3">
              {me ? (
                <p className="flex items-center gap-2 text-slate-100">
                  <Headphones aria-hidden className="size-5 text-pink-400" />
                  <span>
                    Welcome back, <span className="font-semibold text-white">{me.displayName}</span>.
                  </span>
                </p>
              ) : (
                <>
                  <Button
                    size="lg"
                    icon={<UserPlus aria-hidden className="size-5" />}
                    onClick={() => openAuth('signup')}
                  >
                    Join the community
                  </Button>
                  <Button
                    size="lg"
                    variant="secondary"
                    icon={<Radio aria-hidden className="size-5" />}
                    onClick={() => openAuth('login')}
                  >
                    I have an account
                  </Button>
                </>
              )}
            </div>
          </div>
          <div className="flex justify-center lg:justify-end">
            <Equalizer />
          </div>
        </div>
      </div>
    </section>
  );
}
