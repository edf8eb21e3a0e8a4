import type { ShopItem, ThemeId } from '@shared/contracts/shop';
import { SHOP_TEXTS } from '@shared/texts/shop';
import { errorMessage, isApiError } from '@web/app/data/api-client';
import { useMe } from '@web/app/session';
import { toast } from '@web/app/toast/toast';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/spinner';
import { useAuthModal } from '@web/features/auth/hooks/auth-modal-context';
import { useUpdateProfile } from '@web/features/profile/api';
import { RefreshCw, ShoppingBag } from 'lucide-react';
import { useRef, useState } from 'react';
import { useBuyItem, useMyShop, useShopCatalogue } from '../api';
import { BuyTokensBox } from '../components/buy-tokens-box';
import { ItemCard, type ItemState } from '../components/item-card';
import { BalanceBox, EarnTokensTips, TopSupporters, WhatAreTokens } from '../components/shop-info';
import { ShopSection } from '../components/shop-section';

/** /shop: hero, balance, what tokens are, top supporters, buying tokens, the sections, ways to earn. */
export default function ShopPage() {
  const { me } = useMe();
  const { openAuth } = useAuthModal();
  const catalogue = useShopCatalogue();
  const mine = useMyShop();
  const buyItem = useBuyItem();
  const chooseTheme = useUpdateProfile();
  const [buying, setBuying] = useState<string | null>(null);
  // One key per intended purchase: a retry after a lost answer reuses it, so it never charges twice.
  const keys = useRef(new Map<string, string>());

  const buy = (item: ShopItem) => {
    if (!me) {
      toast.error(SHOP_TEXTS.loginToPurchase);
      openAuth('login');
      return;
    }
    const key = keys.current.get(item.id) ?? crypto.randomUUID();
    keys.current.set(item.id, key);
    setBuying(item.id);
    buyItem.mutate(
      { itemId: item.id, key },
      {
        onSuccess: (out) => {
          keys.current.delete(item.id);
          toast.success(out.message);
        },
        onError: (err) => {
          if (isApiError(err) && err.status >= 400 && err.status < 500) keys.current.delete(item.id);
          toast.error(errorMessage(err, SHOP_TEXTS.purchaseError));
        },
        onSettled: () => setBuying(null),
      },
    );
  };

  const wearTheme = (theme: ThemeId) =>
    chooseTheme.mutate(
      { themePreference: theme },
      { onError: (err) => toast.error(errorMessage(err)), onSuccess: () => toast.success('Theme applied.') },
    );

  const owned = new Set(mine.data?.ownedItemIds ?? []);
  const stateOf = (item: ShopItem): ItemState => {
    if (owned.has(item.id) && !item.metadata.vip) return 'owned';
    if (item.stockQuantity === 0) return 'sold-out';
    return 'buyable';
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-10">
      <header className="overflow-hidden rounded-3xl border border-white/10 bg-gradient-to-br from-pink-500/25 via-violet-600/10 to-slate-900/80 px-6 py-8 sm:px-10 sm:py-12">
        <h1 className="flex items-center gap-3 font-extrabold text-3xl text-white tracking-tight sm:text-5xl">
          <ShoppingBag aria-hidden className="size-9 shrink-0 text-pink-300 sm:size-12" />
          Station Shop
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-200">
          Username icons, website themes, VIP perks and upgrades. Every token you spend keeps the station on
          air.
        </p>
      </header>

      {catalogue.isPending ? (
        <LoadingState label="Loading shop..." />
      ) : catalogue.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert>{SHOP_TEXTS.loadFailed}</Alert>
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden className="size-4" />}
            onClick={() => void catalogue.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
            <BalanceBox
              wallet={
                mine.data?.wallet ?? (me ? { balance: me.tokenBalance, totalEarned: 0, totalSpent: 0 } : null)
              }
              signedIn={me !== null}
            />
            <WhatAreTokens />
            <TopSupporters supporters={catalogue.data.supporters} />
          </div>
          <BuyTokensBox card={catalogue.data.cardPayments} />
          {catalogue.data.categories.length === 0 ? (
            <p className="rounded-2xl border border-slate-700/80 bg-slate-900/70 p-6 text-center text-slate-300">
              {SHOP_TEXTS.emptyShop}
            </p>
          ) : null}
          {catalogue.data.categories.map((c) => (
            <ShopSection
              key={c.id}
              category={c}
              items={catalogue.data.items.filter((i) => i.categoryId === c.id)}
            >
              {(item) => {
                const theme = item.metadata.themeId;
                const state = stateOf(item);
                return (
                  <ItemCard
                    key={item.id}
                    item={item}
                    state={state}
                    busy={buying === item.id}
                    onBuy={() => buy(item)}
                    themeInUse={theme ? (me?.profile.themePreference ?? 'default') === theme : undefined}
                    onUseTheme={theme && state === 'owned' ? () => wearTheme(theme) : undefined}
                  />
                );
              }}
            </ShopSection>
          ))}
          <EarnTokensTips />
        </>
      )}
    </div>
  );
}
