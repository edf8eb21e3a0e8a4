import type { ShopCategory, ShopItem } from '@shared/contracts/shop';
import { SHOP_TEXTS } from '@shared/texts/shop';
import type { ReactNode } from 'react';

/** One section of the shop: its heading, then its items, or a line saying it has none yet. */
export function ShopSection({
  category,
  items,
  children,
}: {
  category: Pick<ShopCategory, 'slug' | 'name' | 'icon'>;
  items: ShopItem[];
  children: (item: ShopItem) => ReactNode;
}) {
  const headingId = `shop-${category.slug}`;
  return (
    <section aria-labelledby={headingId} data-testid="shop-section" className="flex flex-col gap-4">
      <h2 id={headingId} className="flex items-center gap-2 font-bold text-2xl text-white">
        {category.icon ? <span aria-hidden>{category.icon}</span> : null}
        {category.name}
      </h2>
      {items.length === 0 ? (
        <p className="rounded-2xl border border-slate-700/80 border-dashed px-4 py-6 text-center text-slate-300">
          {SHOP_TEXTS.emptySection}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">{items.map(children)}</div>
      )}
    </section>
  );
}
