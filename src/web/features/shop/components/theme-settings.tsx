import { THEME_IDS, THEMES, type ThemeId } from '@shared/themes';
import { errorMessage } from '@web/app/data/api-client';
import { useMe } from '@web/app/session';
import { toast } from '@web/app/toast/toast';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useUpdateProfile } from '@web/features/profile/api';
import { Check, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { useMyShop } from '../api';
import { dayPhase } from '../themes';

/** A small picture of the site in a theme: the real palette, worn by the preview itself. */
function ThemePreview({ theme }: { theme: ThemeId }) {
  return (
    // The outer layer resets to the default palette, so a preview never inherits the page's theme.
    <div data-theme="default" aria-hidden>
      <div
        data-theme={theme}
        data-phase={theme === 'daynight' ? dayPhase(new Date()) : undefined}
        className="flex h-24 flex-col gap-2 rounded-xl border border-slate-700 bg-slate-950 p-3"
      >
        <div className="flex items-center gap-2">
          <span className="size-2.5 rounded-full bg-pink-400" />
          <span className="h-2 w-16 rounded bg-slate-700" />
          <span className="ml-auto h-2 w-8 rounded bg-slate-800" />
        </div>
        <div className="flex flex-1 items-center gap-2 rounded-lg bg-slate-900 px-2">
          <div className="flex flex-1 flex-col gap-1">
            <span className="font-bold text-white text-xs">Now playing</span>
            <span className="text-[10px] text-slate-300">Midnight Drive</span>
          </div>
          <span className="rounded-md bg-gradient-to-r from-pink-500 to-violet-500 px-2 py-1 font-semibold text-[10px] text-white">
            Play
          </span>
        </div>
      </div>
    </div>
  );
}

/**
 * The theme settings panel: every theme, with the ones the member owns selectable. The choice
 * is saved on the profile (the server refuses a theme not owned) and worn at once.
 */
export function ThemeSettings() {
  const { me } = useMe();
  const shop = useMyShop();
  const update = useUpdateProfile();
  const owned = new Set<ThemeId>(shop.data?.ownedThemes ?? ['default']);
  const current = (me?.profile.themePreference as ThemeId | null) ?? 'default';

  const choose = (theme: ThemeId) =>
    update.mutate(
      { themePreference: theme },
      {
        onSuccess: () => toast.success(`${THEMES[theme].name} theme applied.`),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );

  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Website themes">
      {THEME_IDS.map((id) => {
        const has = owned.has(id);
        const inUse = current === id;
        return (
          <li
            key={id}
            data-testid="theme-option"
            data-theme-id={id}
            className="flex flex-col gap-2 rounded-2xl border border-slate-700/80 bg-slate-950/40 p-3"
          >
            <ThemePreview theme={id} />
            <div className="flex items-center justify-between gap-2">
              <p className="font-semibold text-white">{THEMES[id].name}</p>
              {id === 'default' ? (
                <Badge>Free</Badge>
              ) : has ? null : (
                <Lock aria-label="Locked" className="size-4 text-slate-400" />
              )}
            </div>
            <p className="text-slate-400 text-xs">{THEMES[id].description}</p>
            <div className="mt-auto pt-1">
              {inUse ? (
                <Badge tone="green" icon={<Check aria-hidden className="size-3.5" />}>
                  In use
                </Badge>
              ) : has ? (
                <Button
                  size="sm"
                  variant="secondary"
                  busy={update.isPending && update.variables?.themePreference === id}
                  onClick={() => choose(id)}
                  aria-label={`Use the ${THEMES[id].name} theme`}
                >
                  Use
                </Button>
              ) : (
                <Link to="/shop" className="font-semibold text-pink-300 text-sm hover:underline">
                  Unlock in the shop
                </Link>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
