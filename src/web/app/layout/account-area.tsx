import { toast } from '@web/app/toast/toast';
import { RoleBadge } from '@web/components/role-badge';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { useLogout } from '@web/features/auth/api';
import { useAuthModal } from '@web/features/auth/hooks/auth-modal-context';
import { clsx } from 'clsx';
import { Coins, LogIn, LogOut, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { useMe } from '../session';

/**
 * Token balance, role badge, display name and Logout; or Login and Register for visitors.
 * `compact` (laptop widths, 1024-1279 px): the balance, the member's picture linking to the profile
 * (named by the display name) and a Logout icon, so the navigation links keep their room.
 */
export function AccountArea({
  stacked = false,
  compact = false,
  onAction,
}: {
  stacked?: boolean;
  compact?: boolean;
  onAction?: () => void;
}) {
  const { me } = useMe();
  const { openAuth } = useAuthModal();
  const logout = useLogout();

  if (!me) {
    return (
      <div className={clsx('flex gap-2', stacked && 'flex-col')}>
        <Button
          variant="secondary"
          icon={<LogIn aria-hidden className="size-4" />}
          onClick={() => {
            onAction?.();
            openAuth('login');
          }}
        >
          Login
        </Button>
        <Button
          icon={<UserPlus aria-hidden className="size-4" />}
          onClick={() => {
            onAction?.();
            openAuth('signup');
          }}
        >
          Register
        </Button>
      </div>
    );
  }

  const balance = (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border border-amber-400/30 bg-amber-400/10 px-2.5 py-1 font-semibold text-amber-200 text-sm"
      title="Token balance"
    >
      <Coins aria-hidden className="size-4" />
      <span data-testid="token-balance">{me.tokenBalance ?? 0}</span>
      <span className="sr-only">tokens</span>
    </span>
  );
  const logOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        onAction?.();
        toast.success('You have been logged out.');
      },
    });

  const logoutIcon = (
    <button
      type="button"
      aria-label="Logout"
      title="Logout"
      disabled={logout.isPending}
      onClick={logOut}
      className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-300 transition hover:bg-white/5 hover:text-white"
    >
      <LogOut aria-hidden className="size-5" />
    </button>
  );

  if (compact) {
    return (
      <div className="flex items-center gap-2">
        {balance}
        <Link
          to="/profile"
          data-testid="display-name"
          aria-label={`${me.displayName}, your profile`}
          title={`${me.displayName} (your profile)`}
          className="rounded-full"
        >
          <Avatar src={me.profile.profilePicture} name={me.displayName} size="sm" className="size-9" />
        </Link>
        {logoutIcon}
      </div>
    );
  }

  // The member's name, opening their profile (its width differs in the bar and the stacked menu).
  const nameLink = (width: string) => (
    <Link
      to="/profile"
      onClick={onAction}
      data-testid="display-name"
      title="Your profile"
      className={clsx(
        width,
        'truncate rounded font-medium text-sm text-white hover:text-pink-200 hover:underline',
      )}
    >
      {me.displayName}
    </Link>
  );

  // In the desktop bar (not stacked in the menu) Logout is an icon button, so the links keep their room.
  if (!stacked) {
    return (
      <div className="flex min-w-0 items-center gap-2">
        {balance}
        <RoleBadge role={me.profile.role} />
        {nameLink('max-w-32 whitespace-nowrap')}
        {logoutIcon}
      </div>
    );
  }

  return (
    <div className={clsx('flex min-w-0 gap-3', stacked ? 'flex-col items-stretch' : 'items-center')}>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        {balance}
        <RoleBadge role={me.profile.role} />
        {nameLink('max-w-40')}
      </div>
      <Button
        variant="secondary"
        size={stacked ? 'md' : 'sm'}
        busy={logout.isPending}
        icon={<LogOut aria-hidden className="size-4" />}
        onClick={logOut}
      >
        Logout
      </Button>
    </div>
  );
}
