import { AdminShopTab } from '@web/features/shop/components/admin-shop-tab';

/** The staff panel's Shop tab: the admin panel's shop view (categories and items). */
export function ShopTab() {
  return <AdminShopTab />;
}
