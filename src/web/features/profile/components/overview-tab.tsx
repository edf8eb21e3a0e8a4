import type { Me } from '@shared/contracts/accounts';
import type { ActiveFeature } from '@shared/contracts/shop';
import { SHOP_TEXTS } from '@shared/texts/shop';
import { formatDay } from '@web/app/format-date';
import { IconLink } from '@web/components/icon-link';
import { SectionTitle } from '@web/components/section-title';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/spinner';
import { useMyShop } from '@web/features/shop/api';
import { Coins, Crown, MessagesSquare, ShoppingBag, Sparkles, Users } from 'lucide-react';
import { Link } from 'react-router';

const linkButton =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg px-4 font-semibold text-sm transition';

const KIND_LABEL: Record<ActiveFeature['kind'], string> = {
  vip: 'VIP',
  theme: 'Website theme',
  feature: 'Feature',
  icon: 'Username icon',
  item: 'Upgrade',
};

function FeatureRow({ f }: { f: ActiveFeature }) {
  return (
    <li className="flex items-center gap-3 py-2.5">
      <span
        aria-hidden
        className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-violet-500/15 text-xl"
      >
        {f.icon ?? (f.kind === 'vip' ? '👑' : '✨')}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-white">{f.name}</p>
        <p className="text-slate-400 text-sm">{KIND_LABEL[f.kind]}</p>
      </div>
      {f.kind === 'vip' ? (
        <Badge tone="amber" icon={<Crown aria-hidden className="size-3.5" />}>
          {f.lifetime ? SHOP_TEXTS.lifetime : `Until ${formatDay(f.expiresAt!)}`}
        </Badge>
      ) : null}
    </li>
  );
}

/** Overview: the token balance (live) and the active features from the shop, and shortcuts. */
export function OverviewTab({ me }: { me: Me }) {
  const shop = useMyShop();
  const features = shop.data?.activeFeatures ?? [];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card className="flex items-center gap-4 p-5">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-amber-400/15 text-amber-300">
          <Coins aria-hidden className="size-6" />
        </span>
        <div>
          <h2 className="font-semibold text-slate-300 text-sm">Token balance</h2>
          <p className="font-extrabold text-3xl text-white">
            <span data-testid="profile-token-balance">
              {shop.data?.wallet.balance ?? me.tokenBalance ?? 0}
            </span>{' '}
            <span className="font-medium text-base text-slate-400">tokens</span>
          </p>
          {shop.data ? (
            <p className="text-slate-400 text-sm">
              Earned {shop.data.wallet.totalEarned} · Spent {shop.data.wallet.totalSpent}
            </p>
          ) : null}
        </div>
      </Card>
      <Card className="flex flex-col items-start gap-3 p-5">
        {shop.isPending ? (
          <LoadingState label="Loading your features..." className="w-full py-4" />
        ) : features.length === 0 ? (
          <>
            <SectionTitle icon={Sparkles}>{SHOP_TEXTS.noFeatures}</SectionTitle>
            <p className="text-slate-300 text-sm">
              Username icons, themes and VIP perks you pick up in the shop will show here.
            </p>
            <Link
              to="/shop"
              className={`${linkButton} bg-gradient-to-r from-pink-500 to-violet-500 text-white`}
            >
              <ShoppingBag aria-hidden className="size-4" />
              Browse Shop
            </Link>
          </>
        ) : (
          <>
            <SectionTitle icon={Sparkles}>Active Features</SectionTitle>
            <ul className="w-full divide-y divide-slate-700/80" aria-label="Active features">
              {features.map((f) => (
                <FeatureRow key={f.purchaseId} f={f} />
              ))}
            </ul>
          </>
        )}
      </Card>
      <Card className="flex flex-wrap items-center gap-3 p-5 md:col-span-2">
        <p className="mr-auto text-slate-300">Say hello to the community.</p>
        <IconLink
          to="/messages"
          icon={MessagesSquare}
          className={`${linkButton} border border-slate-600 bg-slate-800 text-slate-100`}
        >
          My Messages
        </IconLink>
        <IconLink
          to="/members"
          icon={Users}
          className={`${linkButton} border border-slate-600 bg-slate-800 text-slate-100`}
        >
          Members
        </IconLink>
      </Card>
    </div>
  );
}
