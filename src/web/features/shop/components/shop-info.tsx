import type { Supporter, Wallet } from '@shared/contracts/shop';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Medal } from '@web/components/ui/medal';
import { useAuthModal } from '@web/features/auth/hooks/auth-modal-context';
import {
  Calendar,
  Coins,
  Crown,
  Gift,
  HelpCircle,
  LogIn,
  Megaphone,
  Share2,
  ShoppingBag,
  Trophy,
} from 'lucide-react';
import type { ReactNode } from 'react';

function InfoCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <h2 className="flex items-center gap-2 font-bold text-lg text-white">
        {icon}
        {title}
      </h2>
      {children}
    </Card>
  );
}

/** The member's tokens (live), or a login prompt for visitors. */
export function BalanceBox({ wallet, signedIn }: { wallet: Wallet | null; signedIn: boolean }) {
  const { openAuth } = useAuthModal();
  return (
    <InfoCard title="Your Tokens" icon={<Coins aria-hidden className="size-5 text-amber-300" />}>
      {signedIn ? (
        <>
          <p className="font-extrabold text-4xl text-white">
            <span data-testid="shop-balance">{wallet?.balance ?? 0}</span>{' '}
            <span className="font-medium text-base text-slate-300">tokens</span>
          </p>
          <p className="text-slate-300 text-sm">
            Earned {wallet?.totalEarned ?? 0} · Spent {wallet?.totalSpent ?? 0}
          </p>
        </>
      ) : (
        <>
          <p className="text-slate-300">Log in to see your tokens and buy items.</p>
          <Button
            variant="secondary"
            icon={<LogIn aria-hidden className="size-4" />}
            onClick={() => openAuth('login')}
          >
            Login
          </Button>
        </>
      )}
    </InfoCard>
  );
}

export function WhatAreTokens() {
  return (
    <InfoCard title="What are Tokens?" icon={<HelpCircle aria-hidden className="size-5 text-violet-300" />}>
      <ul className="flex flex-col gap-1.5 text-slate-300 text-sm">
        <li>Tokens are the station's own currency: 1 token = £1.</li>
        <li>Buy them by card, win them on air, or receive them as a gift from the team.</li>
        <li>Spend them on username icons, website themes, VIP perks and upgrades.</li>
        <li>Every token you buy keeps the station on air.</li>
      </ul>
    </InfoCard>
  );
}

/** The top 5 supporters by tokens spent (members who opted out are never listed). */
export function TopSupporters({ supporters }: { supporters: Supporter[] }) {
  return (
    <InfoCard title="Top Supporters" icon={<Trophy aria-hidden className="size-5 text-amber-300" />}>
      {supporters.length === 0 ? (
        <p className="text-slate-300 text-sm">No supporters yet: be the first!</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Top supporters">
          {supporters.map((s, i) => (
            <li key={s.id} className="flex items-center gap-3">
              <span aria-hidden className="flex w-6 justify-center font-bold text-slate-300">
                {i < 3 ? <Medal position={i + 1} /> : i + 1}
              </span>
              <Avatar name={s.displayName} src={s.picture} size="sm" />
              <span className="min-w-0 flex-1 truncate font-medium text-white">{s.displayName}</span>
              <span className="text-slate-300 text-sm">{s.totalSpent} tokens</span>
            </li>
          ))}
        </ol>
      )}
    </InfoCard>
  );
}

const TIPS = [
  {
    icon: Megaphone,
    title: 'On-air competitions',
    body: 'Listen live and enter our competitions for token prizes.',
  },
  {
    icon: Share2,
    title: 'Social posts',
    body: 'Share the station on social media during special campaigns.',
  },
  {
    icon: ShoppingBag,
    title: 'Shop purchases',
    body: 'Some items come with bonus tokens for loyal supporters.',
  },
  { icon: Calendar, title: 'Events', body: 'Join station events and meet-ups where tokens are given out.' },
  { icon: Gift, title: 'Referrals', body: 'Bring a friend to the community and you both may be rewarded.' },
];

export function EarnTokensTips() {
  return (
    <section aria-labelledby="earn-tokens" className="flex flex-col gap-4">
      <h2 id="earn-tokens" className="flex items-center gap-2 font-bold text-white text-xl">
        <Crown aria-hidden className="size-5 text-amber-300" />
        Ways to Earn Tokens
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {TIPS.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-2xl border border-slate-700/80 bg-slate-900/70 p-4">
            <Icon aria-hidden className="mb-2 size-5 text-pink-300" />
            <p className="font-semibold text-white">{title}</p>
            <p className="text-slate-300 text-sm">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
