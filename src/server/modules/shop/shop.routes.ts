import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, Ok } from '../../../shared/contracts/common';
import {
  AdminCatalogue,
  BuyItemInput,
  BuyItemResult,
  CategoryInput,
  CategoryPatch,
  CheckoutInput,
  CheckoutResult,
  GiftInput,
  GiftResult,
  ItemInput,
  ItemPatch,
  MyOrder,
  MyShop,
  OrdersReport,
  RecipientList,
  ShopCatalogue,
  ShopCategory,
  ShopItem,
} from '../../../shared/contracts/shop';
import { SHOP_TEXTS } from '../../../shared/texts/shop';
import { createRateLimiter, enforceRateLimit } from '../../infra/http/rate-limit';
import { orderForSession, ordersReport, startCheckout } from './payments.service';
import { buyItem, getCatalogue, getMyShop } from './shop.service';
import {
  adminCatalogue,
  createCategory,
  createItem,
  deleteCategory,
  deleteItem,
  findRecipients,
  giveGift,
  updateCategory,
  updateItem,
} from './shop-admin.service';

export async function shopRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['shop'];
  const manage = { access: { capability: 'shop.manage' as const } };
  const checkoutLimiter = createRateLimiter({ max: 10, windowMs: 60_000 });

  r.get(
    '/api/shop',
    { config: { access: 'public' }, schema: { tags, response: { 200: ShopCatalogue } } },
    async () => getCatalogue(ctx),
  );

  r.get(
    '/api/shop/me',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: MyShop } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getMyShop(ctx.db, (await req.requireActor()).userId);
    },
  );

  r.post(
    '/api/shop/items/:id/buy',
    {
      config: { access: 'signed-in', unauthenticatedMessage: SHOP_TEXTS.loginToPurchase },
      schema: { tags, params: IdParam, body: BuyItemInput, response: { 200: BuyItemResult } },
    },
    async (req) => buyItem(ctx, (await req.requireActor()).userId, req.params.id, req.body.idempotencyKey),
  );

  r.post(
    '/api/shop/checkout',
    {
      config: { access: 'signed-in', unauthenticatedMessage: SHOP_TEXTS.loginToBuyTokens },
      schema: { tags, body: CheckoutInput, response: { 200: CheckoutResult } },
    },
    async (req) => {
      const actor = await req.requireActor();
      enforceRateLimit(checkoutLimiter, actor.userId, 'Too many checkouts started. Please wait a minute.');
      return startCheckout(ctx, actor, req.body.tokens);
    },
  );

  r.get(
    '/api/shop/orders/session/:id',
    {
      config: { access: 'signed-in', unauthenticatedMessage: SHOP_TEXTS.noValidSession },
      schema: { tags, params: z.object({ id: z.string().min(1).max(255) }), response: { 200: MyOrder } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return orderForSession(ctx, (await req.requireActor()).userId, req.params.id);
    },
  );

  // --- Staff: the admin Shop, Give items and Payments tabs ---
  r.get(
    '/api/shop/admin/catalogue',
    { config: manage, schema: { tags, response: { 200: AdminCatalogue } } },
    async () => adminCatalogue(ctx),
  );
  r.post(
    '/api/shop/categories',
    {
      config: manage,
      schema: { tags, body: CategoryInput, response: { 201: z.object({ category: ShopCategory }) } },
    },
    async (req, reply) => reply.code(201).send({ category: await createCategory(ctx, req.body) }),
  );
  r.patch(
    '/api/shop/categories/:id',
    {
      config: manage,
      schema: {
        tags,
        params: IdParam,
        body: CategoryPatch,
        response: { 200: z.object({ category: ShopCategory }) },
      },
    },
    async (req) => ({ category: await updateCategory(ctx, req.params.id, req.body) }),
  );
  r.delete(
    '/api/shop/categories/:id',
    { config: manage, schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await deleteCategory(ctx, req.params.id, await req.requireActor());
      return { ok: true as const };
    },
  );
  r.post(
    '/api/shop/items',
    { config: manage, schema: { tags, body: ItemInput, response: { 201: z.object({ item: ShopItem }) } } },
    async (req, reply) => reply.code(201).send({ item: await createItem(ctx, req.body) }),
  );
  r.patch(
    '/api/shop/items/:id',
    {
      config: manage,
      schema: { tags, params: IdParam, body: ItemPatch, response: { 200: z.object({ item: ShopItem }) } },
    },
    async (req) => ({ item: await updateItem(ctx, req.params.id, req.body) }),
  );
  r.delete(
    '/api/shop/items/:id',
    { config: manage, schema: { tags, params: IdParam, response: { 200: Ok } } },
    async (req) => {
      await deleteItem(ctx, req.params.id, await req.requireActor());
      return { ok: true as const };
    },
  );
  r.get(
    '/api/shop/recipients',
    {
      config: manage,
      schema: {
        tags,
        querystring: z.object({ q: z.string().max(100).default('') }),
        response: { 200: RecipientList },
      },
    },
    async (req) => ({ members: await findRecipients(ctx, req.query.q) }),
  );
  r.post(
    '/api/shop/gifts',
    { config: manage, schema: { tags, body: GiftInput, response: { 201: GiftResult } } },
    async (req, reply) =>
      reply.code(201).send(await giveGift(ctx, (await req.requireActor()).userId, req.body)),
  );
  r.get(
    '/api/shop/orders',
    { config: manage, schema: { tags, response: { 200: OrdersReport } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return ordersReport(ctx);
    },
  );
}
