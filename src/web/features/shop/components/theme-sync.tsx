import { LIMITS } from '@shared/limits';
import { useMe } from '@web/app/session';
import { useEffect } from 'react';
import { applyTheme, isThemeId, rememberTheme, syncThemeColor } from '../themes';

/**
 * Wears the member's chosen theme (stored on their profile; visitors get the default) on the whole site
 * and remembers it for the next first paint. Day & Night re-checks the clock every 60 s.
 */
export function ThemeSync() {
  const { me, isPending } = useMe();
  const stored = me?.profile.themePreference;
  const theme = isThemeId(stored) ? stored : 'default';

  useEffect(() => {
    if (isPending) return;
    const root = document.documentElement;
    applyTheme(root, theme);
    rememberTheme(theme);
    syncThemeColor();
    if (theme !== 'daynight') return;
    const timer = setInterval(() => {
      applyTheme(root, theme);
      syncThemeColor();
    }, LIMITS.dayNightCheckMs);
    return () => clearInterval(timer);
  }, [theme, isPending]);

  return null;
}
