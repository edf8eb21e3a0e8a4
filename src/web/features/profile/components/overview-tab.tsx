import type { Me } from '@shared/contracts/accounts';
import { Card } from '@web/components/ui/card';
import { Coins, MessagesSquare, ShoppingBag, Sparkles, Users } from 'lucide-react';
import { Link } from 'react-router';

const linkButton =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg px-4 font-semibold text-sm transition';

/** Overview: the token balance and active features (none until the shop opens), and shortcuts. */
export function OverviewTab({ me }: { me: Me }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card className="flex items-center gap-4 p-5">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-amber-400/15 text-amber-300">
          <Coins aria-hidden className="size-6" />
        </span>
        <div>
          <h2 className="font-semibold text-slate-300 text-sm">Token balance</h2>
          <p className="font-extrabold text-3xl text-white">
            <span data-testid="profile-token-balance">{me.tokenBalance ?? 0}</span>{' '}
            <span className="font-medium text-base text-slate-400">tokens</span>
          </p>
        </div>
      </Card>
      <Card className="flex flex-col items-start gap-3 p-5">
        <h2 className="flex items-center gap-2 font-bold text-lg text-white">
          <Sparkles aria-hidden className="size-5 text-violet-300" />
          No Active Features
        </h2>
        <p className="text-slate-300 text-sm">
          Username icons, themes and VIP perks you pick up in the shop will show here.
        </p>
        <Link to="/shop" className={`${linkButton} bg-gradient-to-r from-pink-500 to-violet-500 text-white`}>
          <ShoppingBag aria-hidden className="size-4" />
          Browse Shop
        </Link>
      </Card>
      <Card className="flex flex-wrap items-center gap-3 p-5 md:col-span-2">
        <p className="mr-auto text-slate-300">Say hello to the community.</p>
        <Link to="/messages" className={`${linkButton} border border-slate-600 bg-slate-800 text-slate-100`}>
          <MessagesSquare aria-hidden className="size-4" />
          My Messages
        </Link>
        <Link to="/members" className={`${linkButton} border border-slate-600 bg-slate-800 text-slate-100`}>
          <Users aria-hidden className="size-4" />
          Members
        </Link>
      </Card>
    </div>
  );
}
