import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memberExtrasSlot } from '../accounts/member-extras';
import { shopRoutes } from './shop.routes';
import { ownsTheme } from './shop.service';
import { stripeWebhookRoutes } from './stripe-webhook.routes';
import { getWallet } from './wallet.service';

/** The shop module: the token shop, card payments through Stripe, and the shop's part of an account. */
export const shopModule = fp(
  async function shop(app: FastifyInstance) {
    // A member's own account shows their token balance, and takes only a theme they own.
    memberExtrasSlot.provide(app.ctx, {
      tokenBalance: async (db, userId) => (await getWallet(db, userId)).balance,
      ownsTheme,
    });
    await app.register(shopRoutes);
    await app.register(stripeWebhookRoutes);
  },
  { name: 'shop' },
);
