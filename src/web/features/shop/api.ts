import type { Me } from '@shared/contracts/accounts';
import type {
  AdminCatalogue,
  BuyItemResult,
  CheckoutResult,
  GiftResult,
  MyOrder,
  MyShop,
  OrdersReport,
  RecipientList,
  ShopCatalogue,
  ShopCategory,
  ShopItem,
  Wallet,
} from '@shared/contracts/shop';
import { EVENT_TYPES } from '@shared/events';
import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useRealtimeEvent } from '@web/app/realtime/realtime-provider';
import { useMe } from '@web/app/session';
import type { z } from 'zod';

/** The public shop: sections, items, top supporters and the buy box settings. */
export const useShopCatalogue = () =>
  useKeyedQuery({ queryKey: queryKeys.shop.catalogue, queryFn: () => api.get<ShopCatalogue>('/api/shop') });

/** The signed-in member's wallet, purchases and unlocked perks (themes, VIP, visualiser). */
export function useMyShop() {
  const { me } = useMe();
  return useKeyedQuery({
    queryKey: queryKeys.shop.mine,
    queryFn: () => api.get<MyShop>('/api/shop/me'),
    enabled: me !== null,
  });
}

/** The order behind a checkout session (the /success page), the member's own only. */
export const useOrderForSession = (sessionId: string | null) =>
  useKeyedQuery({
    queryKey: queryKeys.shop.order(sessionId ?? ''),
    queryFn: () =>
      api.get<z.infer<typeof MyOrder>>(`/api/shop/orders/session/${encodeURIComponent(sessionId!)}`),
    enabled: sessionId !== null,
    retry: false,
  });

/**
 * The member's orders are read again after their event; a first read still on its way is dropped and sent
 * again, so a crediting committed while it was out is seen (QueryClientReadingAgain, app/data/query-client.ts).
 */
export const readOrdersAgain = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.shop.orderRoot });

/** A new balance: the header, the shop and the profile show it at once. */
function applyWallet(queryClient: QueryClient, wallet: Wallet) {
  queryClient.setQueryData<{ me: Me | null }>(queryKeys.me, (old) =>
    old?.me ? { me: { ...old.me, tokenBalance: wallet.balance } } : old,
  );
  queryClient.setQueryData<MyShop>(queryKeys.shop.mine, (old) => (old ? { ...old, wallet } : old));
}

export function useBuyItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, key }: { itemId: string; key: string }) =>
      api.post<z.infer<typeof BuyItemResult>>(`/api/shop/items/${encodeURIComponent(itemId)}/buy`, {
        idempotencyKey: key,
      }),
    onSuccess: (out) => {
      applyWallet(queryClient, out.wallet);
      void queryClient.invalidateQueries({ queryKey: queryKeys.shop.mine });
    },
  });
}

export const useCheckout = () =>
  useMutation({
    mutationFn: (tokens: number) =>
      api.post<z.infer<typeof CheckoutResult>>('/api/shop/checkout', { tokens }),
  });

/**
 * Mounted once for the app: the member's wallet, purchases and orders, the catalogue and, for staff, the
 * orders list follow the event stream.
 */
export function useShopEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent(EVENT_TYPES.walletChanged, (data) => applyWallet(queryClient, data as Wallet));
  useRealtimeEvent(EVENT_TYPES.shopPurchases, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.shop.mine });
  });
  useRealtimeEvent(EVENT_TYPES.shopOrder, () => void readOrdersAgain(queryClient));
  useRealtimeEvent(EVENT_TYPES.shopChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.shop.catalogue });
    void queryClient.invalidateQueries({ queryKey: queryKeys.shop.adminCatalogue });
  });
  useRealtimeEvent(EVENT_TYPES.shopOrdersChanged, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.shop.orders });
  });
}

// --- Staff ---

export const useAdminCatalogue = () =>
  useKeyedQuery({
    queryKey: queryKeys.shop.adminCatalogue,
    queryFn: () => api.get<z.infer<typeof AdminCatalogue>>('/api/shop/admin/catalogue'),
  });

export const useOrdersReport = () =>
  useKeyedQuery({
    queryKey: queryKeys.shop.orders,
    queryFn: () => api.get<OrdersReport>('/api/shop/orders'),
  });

export const useRecipients = (q: string) =>
  useKeyedQuery({
    queryKey: queryKeys.shop.recipients(q),
    queryFn: () => api.get<z.infer<typeof RecipientList>>(`/api/shop/recipients?q=${encodeURIComponent(q)}`),
    select: (d) => d.members,
    placeholderData: keepPreviousData,
  });

function useAdminMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.shop.adminCatalogue });
      void queryClient.invalidateQueries({ queryKey: queryKeys.shop.catalogue });
    },
  });
}

export type ItemFields = Omit<ShopItem, 'id' | 'tokenCost' | 'createdAt'>;
export type CategoryFields = Omit<ShopCategory, 'id'>;

export const useSaveItem = () =>
  useAdminMutation(({ id, fields }: { id: string | null; fields: Partial<ItemFields> }) =>
    id
      ? api.patch<{ item: ShopItem }>(`/api/shop/items/${encodeURIComponent(id)}`, fields)
      : api.post<{ item: ShopItem }>('/api/shop/items', fields),
  );
export const useDeleteItem = () =>
  useAdminMutation((id: string) => api.delete<{ ok: true }>(`/api/shop/items/${encodeURIComponent(id)}`));
export const useSaveCategory = () =>
  useAdminMutation(({ id, fields }: { id: string | null; fields: Partial<CategoryFields> }) =>
    id
      ? api.patch<{ category: ShopCategory }>(`/api/shop/categories/${encodeURIComponent(id)}`, fields)
      : api.post<{ category: ShopCategory }>('/api/shop/categories', fields),
  );
export const useDeleteCategory = () =>
  useAdminMutation((id: string) =>
    api.delete<{ ok: true }>(`/api/shop/categories/${encodeURIComponent(id)}`),
  );

export function useGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (g: { userId: string; itemId: string | null; tokens: number }) =>
      api.post<z.infer<typeof GiftResult>>('/api/shop/gifts', g),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shop.adminRoot }),
  });
}
