import { expect } from 'vitest';
import { newKey } from '../fixtures/shop';
import { type Change, compareAll, ok, type Pick, toWebhook, type World } from './world';

/** Random changes to news, the carousel, streamers, role permissions, notifications and members' tokens. */
export function contentChanges(w: World, pick: Pick, chance: () => number): Change[] {
  const { admin, members, shopItems, paidSessions, roleId } = w;
  const anyMember = () => pick(members);
  return [
    {
      name: 'news written, published or unpublished',
      run: async () => {
        const list = (await admin.get('/api/news/manage')).json().articles as {
          id: string;
          isPublished: boolean;
        }[];
        if (list.length === 0 || chance() < 0.4) {
          await ok(
            admin.post('/api/news', {
              title: `Story ${++w.counter}`,
              content: 'Words.',
              excerpt: '',
              featuredImage: '',
              isPublished: chance() < 0.7,
              isFeatured: chance() < 0.3,
            }),
          );
        } else {
          const a = pick(list);
          await ok(admin.patch(`/api/news/${a.id}/flags`, { isPublished: !a.isPublished }));
        }
      },
    },
    {
      name: 'carousel changed',
      run: async () => {
        const list = (await admin.get('/api/carousel/all')).json().images as {
          id: string;
          isActive: boolean;
        }[];
        const r = chance();
        if (list.length === 0 || r < 0.4) {
          await ok(
            admin.post('/api/carousel', {
              imageUrl: `https://img.example/${++w.counter}.jpg`,
              title: `Slide ${w.counter}`,
            }),
          );
        } else if (r < 0.7) {
          await ok(
            admin.post(`/api/carousel/${pick(list).id}/move`, { direction: chance() < 0.5 ? 'up' : 'down' }),
          );
        } else {
          const img = pick(list);
          await ok(admin.patch(`/api/carousel/${img.id}`, { isActive: !img.isActive }));
        }
      },
    },
    {
      name: 'streamer added or hidden',
      run: async () => {
        const list = (await admin.get('/api/streamers/all')).json().streamers as {
          id: string;
          isActive: boolean;
        }[];
        if (list.length === 0 || chance() < 0.5) {
          await ok(
            admin.post('/api/streamers', {
              username: `Streamer${++w.counter}`,
              platform: 'twitch',
              twitchUsername: `s${w.counter}`,
            }),
          );
        } else {
          const s = pick(list);
          await ok(admin.patch(`/api/streamers/${s.id}`, { isActive: !s.isActive }));
        }
      },
    },
    {
      name: 'role permissions changed',
      run: () =>
        ok(
          admin.patch(`/api/roles/${roleId}`, {
            name: 'music_curator',
            fullName: 'Music Curator',
            description: null,
            permissions: chance() < 0.5 ? ['manage_playlists'] : ['manage_playlists', 'manage_requests'],
          }),
        ),
    },
    {
      name: 'notification deleted',
      run: async () => {
        const m = anyMember();
        await ok(
          admin.post('/api/notifications', {
            userId: m.userId,
            title: `Delete me ${++w.counter}`,
            message: 'Hi',
          }),
        );
        await compareAll(w, 'notification sent, to be deleted');
        const list = (await m.get('/api/notifications')).json().notifications as { id: string }[];
        await ok(m.delete(`/api/notifications/${list[0].id}`));
      },
    },
    {
      name: 'news edited',
      run: async () => {
        const list = (await admin.get('/api/news/manage')).json().articles as { id: string }[];
        if (list.length === 0) return;
        await ok(
          admin.patch(`/api/news/${pick(list).id}`, {
            title: `Edited ${++w.counter}`,
            content: 'New words.',
            excerpt: '',
            featuredImage: '',
            isPublished: true,
            isFeatured: chance() < 0.5,
          }),
        );
      },
    },
    {
      name: 'news deleted',
      run: async () => {
        const list = (await admin.get('/api/news/manage')).json().articles as { id: string }[];
        if (list.length > 0) await ok(admin.delete(`/api/news/${pick(list).id}`));
      },
    },
    {
      name: 'carousel image deleted',
      run: async () => {
        const list = (await admin.get('/api/carousel/all')).json().images as { id: string }[];
        if (list.length > 0) await ok(admin.delete(`/api/carousel/${pick(list).id}`));
      },
    },
    {
      name: 'streamer deleted',
      run: async () => {
        const list = (await admin.get('/api/streamers/all')).json().streamers as { id: string }[];
        if (list.length > 0) await ok(admin.delete(`/api/streamers/${pick(list).id}`));
      },
    },
    // Every way a member's tokens move: each must reach the reads that show the balance (/api/me).
    {
      name: 'tokens gifted',
      run: () =>
        ok(
          admin.post('/api/shop/gifts', {
            userId: anyMember().userId,
            tokens: 1 + Math.floor(chance() * 20),
          }),
        ),
    },
    {
      name: 'item bought with tokens',
      run: async () => {
        const m = anyMember();
        const res = await m.post(`/api/shop/items/${pick(shopItems)}/buy`, { idempotencyKey: newKey() });
        // Short of tokens, already owned or sold out: refused, and nothing changed.
        expect(res.statusCode, res.body).toBeLessThan(500);
      },
    },
    {
      name: 'tokens bought by card',
      run: async () => {
        const res = await anyMember().post('/api/shop/checkout', {
          tokens: 10 * (1 + Math.floor(chance() * 5)),
        });
        expect(res.statusCode, res.body).toBe(200);
        const sessionId = (res.json().url as string).split('/').pop() as string;
        await toWebhook(w, w.stripe.pay(sessionId));
        paidSessions.push(sessionId);
      },
    },
    {
      name: 'card payment refunded',
      run: async () => {
        if (paidSessions.length === 0) return;
        await toWebhook(w, w.stripe.refund(pick(paidSessions), 1000));
      },
    },
    {
      name: 'card payment disputed',
      run: async () => {
        if (paidSessions.length === 0) return;
        const sessionId = paidSessions.splice(Math.floor(chance() * paidSessions.length), 1)[0];
        await toWebhook(w, w.stripe.openDispute(sessionId));
        await toWebhook(w, w.stripe.closeDispute(sessionId, chance() < 0.5 ? 'won' : 'lost'));
      },
    },
  ];
}
