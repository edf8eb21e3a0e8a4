import type { ShopItem } from '@shared/contracts/shop';
import { SHOP_TEXTS } from '@shared/texts/shop';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { LazyImage } from '@web/components/ui/lazy-image';
import { clsx } from 'clsx';
import { Check, Coins, Palette, Sparkles } from 'lucide-react';

export type ItemState = 'buyable' | 'owned' | 'sold-out';

const DEFAULT_GRADIENT = 'from-pink-500 to-violet-500';

/** How long a VIP item's price lasts, from its duration: per month, per year, a number of months, or lifetime. */
export function vipPeriod(durationMonths: number | undefined): string {
  if (!durationMonths) return SHOP_TEXTS.lifetime.toLowerCase();
  if (durationMonths === 1) return SHOP_TEXTS.perMonth;
  if (durationMonths === 12) return SHOP_TEXTS.perYear;
  return SHOP_TEXTS.forMonths(durationMonths);
}

/** One item: its look, what it gives, its price in tokens and the Buy button (or Owned / Sold out). */
export function ItemCard({
  item,
  state,
  busy,
  onBuy,
  themeInUse,
  onUseTheme,
}: {
  item: ShopItem;
  state: ItemState;
  busy: boolean;
  onBuy: () => void;
  /** For an owned theme item: whether the member is wearing it now. */
  themeInUse?: boolean;
  onUseTheme?: () => void;
}) {
  const vip = item.metadata.vip === true;
  const left = item.stockQuantity;
  return (
    <article
      data-testid="shop-item"
      data-item={item.name}
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-700/80 bg-slate-900/70 backdrop-blur"
    >
      <div
        className={clsx(
          'relative flex h-28 items-center justify-center bg-gradient-to-br',
          item.gradientClass ?? DEFAULT_GRADIENT,
        )}
      >
        <LazyImage
          src={item.imageUrl}
          className="absolute inset-0 size-full object-cover"
          fallback={
            <span aria-hidden className="text-5xl drop-shadow-lg">
              {item.icon ?? '🎁'}
            </span>
          }
        />
        <div className="absolute top-2 left-2 flex flex-wrap gap-1">
          {item.isLimitedEdition ? (
            <Badge tone="amber" className="bg-slate-950/80">
              Limited Edition
            </Badge>
          ) : null}
          {left !== null && left > 0 ? <Badge className="bg-slate-950/80">{left} left</Badge> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h3 className="font-bold text-lg text-white">{item.name}</h3>
          <p className="mt-1 text-slate-300 text-sm">{item.description}</p>
        </div>
        {item.metadata.features?.length ? (
          <ul className="flex flex-col gap-1 text-slate-300 text-sm">
            {item.metadata.features.map((f) => (
              <li key={f} className="flex items-start gap-2">
                <Sparkles aria-hidden className="mt-0.5 size-3.5 shrink-0 text-violet-300" />
                {f}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-1">
          <p className="flex items-baseline gap-1.5">
            <Coins aria-hidden className="size-4 self-center text-amber-300" />
            <span className="font-extrabold text-white text-xl">{item.tokenCost}</span>
            <span className="text-slate-300 text-sm">
              {item.tokenCost === 1 ? 'token' : 'tokens'}
              {vip ? ` ${vipPeriod(item.metadata.durationMonths)}` : ''}
            </span>
          </p>
          <ItemAction
            state={state}
            busy={busy}
            onBuy={onBuy}
            item={item}
            themeInUse={themeInUse}
            onUseTheme={onUseTheme}
          />
        </div>
      </div>
    </article>
  );
}

function ItemAction({
  state,
  busy,
  onBuy,
  item,
  themeInUse,
  onUseTheme,
}: {
  state: ItemState;
  busy: boolean;
  onBuy: () => void;
  item: ShopItem;
  themeInUse?: boolean;
  onUseTheme?: () => void;
}) {
  if (state === 'owned') {
    if (onUseTheme && !themeInUse) {
      return (
        <Button
          size="sm"
          variant="secondary"
          icon={<Palette aria-hidden className="size-4" />}
          onClick={onUseTheme}
        >
          Use theme
        </Button>
      );
    }
    return (
      <Badge tone="green" icon={<Check aria-hidden className="size-3.5" />}>
        {themeInUse ? 'In use' : 'Owned'}
      </Badge>
    );
  }
  if (state === 'sold-out') return <Badge tone="red">Sold out</Badge>;
  return (
    <Button
      size="sm"
      busy={busy}
      onClick={onBuy}
      aria-label={`Buy ${item.name} for ${item.tokenCost} tokens`}
    >
      Buy
    </Button>
  );
}
