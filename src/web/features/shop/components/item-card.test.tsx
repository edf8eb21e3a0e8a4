import type { ShopItem } from '@shared/contracts/shop';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ItemCard } from './item-card';

const vipItem = (name: string, durationMonths: number | undefined, priceGbp: number): ShopItem => ({
  id: name,
  categoryId: 'vip',
  name,
  description: 'VIP status.',
  priceGbp,
  tokenCost: Math.ceil(priceGbp),
  icon: '💎',
  imageUrl: null,
  gradientClass: null,
  stockQuantity: null,
  isLimitedEdition: false,
  isActive: true,
  sortOrder: 0,
  metadata: { vip: true, ...(durationMonths ? { durationMonths } : {}) },
  createdAt: new Date(0).toISOString(),
});

/** The price line as a member reads it (tags stripped). */
const priceLine = (item: ShopItem) =>
  renderToStaticMarkup(<ItemCard item={item} state="buyable" busy={false} onBuy={() => {}} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('a VIP item’s price says how long it lasts', () => {
  it('per month, per year, for several months, or lifetime, from the item’s duration', () => {
    expect(priceLine(vipItem('VIP Monthly', 1, 4.99))).toContain('5 tokens per month');
    expect(priceLine(vipItem('VIP Yearly', 12, 49.99))).toContain('50 tokens per year');
    expect(priceLine(vipItem('VIP Yearly', 12, 49.99))).not.toContain('per month');
    expect(priceLine(vipItem('VIP Quarter', 3, 12))).toContain('12 tokens for 3 months');
    expect(priceLine(vipItem('VIP Two Years', 24, 90))).toContain('90 tokens for 2 years');
    expect(priceLine(vipItem('VIP Forever', undefined, 99))).toContain('99 tokens lifetime');
  });
});
