import { Button } from '@web/components/ui/button';
import { Download, X } from 'lucide-react';
import { clearInstallOffer, useInstallOffer } from './install-event';

const DISMISSED = 'onair.install-dismissed';

/**
 * "Install the app": shown when the browser says the site can be installed (beforeinstallprompt) and the
 * listener has not said no; installed, the app opens straight to the player.
 */
export function InstallPrompt({ siteTitle }: { siteTitle: string }) {
  const offer = useInstallOffer();
  const event = offer && !localStorage.getItem(DISMISSED) ? offer : null;
  if (!event) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED, '1');
    clearInstallOffer();
  };
  return (
    <section
      aria-label="Install the app"
      className="fixed inset-x-3 bottom-24 z-50 mx-auto max-w-md rounded-2xl border border-white/10 bg-slate-900/95 p-4 shadow-2xl backdrop-blur sm:bottom-6"
    >
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" className="size-12 rounded-xl" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-white">Install {siteTitle}</h2>
          <p className="mt-0.5 text-slate-300 text-sm">
            The player one tap away from your home screen, with lock-screen controls.
          </p>
          <div className="mt-3 flex gap-2">
            <Button
              size="sm"
              icon={<Download className="size-4" aria-hidden />}
              onClick={async () => {
                await event.prompt();
                await event.userChoice.catch(() => null);
                clearInstallOffer();
              }}
            >
              Install
            </Button>
            <Button size="sm" variant="ghost" onClick={dismiss}>
              Not now
            </Button>
          </div>
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Close"
          className="rounded-full p-1 text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-pink-400"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </section>
  );
}
