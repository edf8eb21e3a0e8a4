import type { Purchase } from '@shared/contracts/shop';
import { SHOP_TEXTS } from '@shared/texts/shop';
import { errorMessage } from '@web/app/data/api-client';
import { formatDay } from '@web/app/format-date';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadingState } from '@web/components/ui/spinner';
import { useMyShop } from '@web/features/shop/api';
import { Gift, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';

function PurchaseRow({ p }: { p: Purchase }) {
  const gift = p.paymentMethod === 'admin_gift';
  return (
    <li data-testid="purchase-row" className="flex items-center gap-3 px-4 py-3">
      <span
        aria-hidden
        className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-violet-500/15 text-2xl"
      >
        {p.icon ?? (p.itemId ? '🎁' : '🪙')}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-white">{p.itemName}</p>
        <p className="text-slate-400 text-sm">
          {formatDay(p.createdAt)}
          {p.expiresAt ? ` · VIP until ${formatDay(p.expiresAt)}` : ''}
        </p>
      </div>
      {gift ? (
        <Badge tone="violet" icon={<Gift aria-hidden className="size-3.5" />}>
          Gift{p.tokensGranted > 0 && p.itemId ? ` + ${p.tokensGranted} tokens` : ''}
        </Badge>
      ) : (
        <Badge tone="amber">{p.tokensSpent} tokens</Badge>
      )}
    </li>
  );
}

/** Purchases: completed purchases and gifts with their item, newest first. */
export function PurchasesTab() {
  const shop = useMyShop();
  if (shop.isPending) return <LoadingState label="Loading purchases..." />;
  if (shop.isError) return <Alert>{errorMessage(shop.error)}</Alert>;
  if (shop.data.purchases.length === 0) {
    return (
      <EmptyState
        icon={<ShoppingBag aria-hidden className="size-7" />}
        title={SHOP_TEXTS.noPurchases}
        body="Items you buy with tokens will be listed here."
        action={
          <Link to="/shop" className="font-semibold text-pink-300 hover:underline">
            Browse Shop
          </Link>
        }
      />
    );
  }
  return (
    <ul
      aria-label="Purchases"
      className="divide-y divide-slate-700/80 overflow-hidden rounded-2xl border border-slate-700/80 bg-slate-900/70"
    >
      {shop.data.purchases.map((p) => (
        <PurchaseRow key={p.id} p={p} />
      ))}
    </ul>
  );
}
