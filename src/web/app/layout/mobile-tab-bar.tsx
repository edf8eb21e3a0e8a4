import { useAuthModal } from '@web/features/auth/hooks/auth-modal-context';
import { clsx } from 'clsx';
import { NavLink } from 'react-router';
import { useMe } from '../session';
import { MOBILE_TABS } from './nav-items';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'flex flex-1 flex-col items-center justify-center gap-0.5 py-2 font-medium text-[11px] transition',
    isActive ? 'text-pink-300' : 'text-slate-400 hover:text-white',
  );

/**
 * The mobile bottom tab bar: Home, Schedule, Chart, Shop, Profile (Profile asks visitors to log in).
 * The shell pins it to the bottom, under the player bar.
 */
export function MobileTabBar() {
  const { me } = useMe();
  const { openAuth } = useAuthModal();
  return (
    <nav aria-label="Tabs" className="pb-safe border-slate-800 border-t bg-slate-950/95 backdrop-blur">
      <ul className="mx-auto flex max-w-lg">
        {MOBILE_TABS.map(({ to, label, icon: Icon }) => (
          <li key={to} className="flex flex-1">
            {to === '/profile' && !me ? (
              <button
                type="button"
                onClick={() => openAuth('login')}
                className={tabClass({ isActive: false })}
              >
                <Icon aria-hidden className="size-5" />
                {label}
              </button>
            ) : (
              <NavLink to={to} end={to === '/'} className={tabClass}>
                <Icon aria-hidden className="size-5" />
                {label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
