import { toast } from '@web/app/toast';
import { RoleBadge } from '@web/components/role-badge';
import { Button } from '@web/components/ui/button';
import { useLogout } from '@web/features/auth/api';
import { useAuthModal } from '@web/features/auth/hooks/auth-modal-context';
import { clsx } from 'clsx';
import { Coins, LogIn, LogOut, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { useMe } from '../session';

/** Token balance, role badge, display name and Logout; or Login and Register for visitors. */
export function AccountArea({ stacked = false, onAction }: { stacked?: boolean; onAction?: () => void }) {
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

  return (
    <div className={clsx('flex min-w-0 gap-3', stacked ? 'flex-col items-stretch' : 'items-center')}>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <span
          className="inline-flex items-center gap-1.5 rounded-full border border-amber-400/30 bg-amber-400/10 px-2.5 py-1 font-semibold text-amber-200 text-sm"
          title="Token balance"
        >
          <Coins aria-hidden className="size-4" />
          <span data-testid="token-balance">{me.tokenBalance ?? 0}</span>
          <span className="sr-only">tokens</span>
        </span>
        <RoleBadge role={me.profile.role} />
        <Link
          to="/profile"
          onClick={onAction}
          data-testid="display-name"
          title="Your profile"
          className="max-w-40 truncate rounded font-medium text-sm text-white hover:text-pink-200 hover:underline"
        >
          {me.displayName}
        </Link>
      </div>
      <Button
        variant="secondary"
        size={stacked ? 'md' : 'sm'}
        busy={logout.isPending}
        icon={<LogOut aria-hidden className="size-4" />}
        onClick={() =>
          logout.mutate(undefined, {
            onSuccess: () => {
              onAction?.();
              toast.success('You have been logged out.');
            },
          })
        }
      >
        Logout
      </Button>
    </div>
  );
}
