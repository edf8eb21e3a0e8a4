import { expect } from 'vitest';
import { nowPlayingSlot } from '../../modules/station/now-playing.service';
import { Client, signUpMember } from '../test-app';
import { type Change, compareAll, ok, type Pick, type World } from './world';

/**
 * Each branch of the random changes as a step of its own, so the first pass runs every route (each can
 * also be picked again at random).
 */
export function branchSteps(w: World, pick: Pick): Change[] {
  const { t, backend, admin, members, requests } = w;
  const anyMember = () => pick(members);
  return [
    // Each branch of the random steps above as a step of its own, so the first pass runs every route.
    {
      name: 'request sent while live, then moved',
      run: async () => {
        await backend.sink!.liveChanged({ isLive: true, streamerName: 'Bea Presenter' });
        await nowPlayingSlot.of(t.app.ctx).idle();
        await ok(admin.patch('/api/requests/settings', { enabled: true }));
        const n = ++w.counter;
        const res = await new Client(t.app, `10.1.${n >> 8}.${n & 255}`).post('/api/requests', {
          requestType: 'song_request',
          songTitle: `Live Request ${n}`,
          artist: 'Requested Artist',
          message: '',
          requesterName: `Listener ${n}`,
        });
        expect(res.statusCode, res.body).toBe(201);
        const id = res.json().request.id as string;
        await ok(admin.patch(`/api/requests/${id}/status`, { status: 'approved' }));
        requests.push({ id, status: 'approved' });
      },
    },
    {
      name: 'ban lifted',
      run: async () => {
        const res = await admin.post('/api/banned-songs', {
          title: `Lifted ${++w.counter}`,
          artist: 'Somebody',
          reason: null,
        });
        expect(res.statusCode, res.body).toBe(201);
        await compareAll(w, 'song banned, to be lifted');
        await ok(admin.delete(`/api/banned-songs/${res.json().song.id}`));
      },
    },
    {
      name: 'notification read',
      run: async () => {
        const m = anyMember();
        await ok(
          admin.post('/api/notifications', {
            userId: m.userId,
            title: `Read me ${++w.counter}`,
            message: 'Hi',
          }),
        );
        await compareAll(w, 'notification sent, to be read');
        const list = (await m.get('/api/notifications')).json().notifications as { id: string }[];
        await ok(m.post(`/api/notifications/${list[0].id}/read`));
      },
    },
    {
      name: 'carousel image moved',
      run: async () => {
        for (let i = 0; i < 2; i++)
          await ok(
            admin.post('/api/carousel', {
              imageUrl: `https://img.example/${++w.counter}.jpg`,
              title: `Slide ${w.counter}`,
            }),
          );
        await compareAll(w, 'carousel images added, to be moved');
        const list = (await admin.get('/api/carousel/all')).json().images as { id: string }[];
        await ok(admin.post(`/api/carousel/${list[0].id}/move`, { direction: 'down' }));
      },
    },
    {
      name: 'streamer hidden',
      run: async () => {
        const res = await admin.post('/api/streamers', {
          username: `Hidden${++w.counter}`,
          platform: 'twitch',
          twitchUsername: `h${w.counter}`,
        });
        expect(res.statusCode, res.body).toBe(201);
        await compareAll(w, 'streamer added, to be hidden');
        const list = (await admin.get('/api/streamers/all')).json().streamers as {
          id: string;
          isActive: boolean;
        }[];
        const st = list.find((x) => x.isActive)!;
        await ok(admin.patch(`/api/streamers/${st.id}`, { isActive: false }));
      },
    },
    {
      name: 'member joined',
      run: async () => {
        if (members.length < 8) members.push(await signUpMember(t.app, `Joiner ${++w.counter}`));
      },
    },
    {
      name: 'direct message read',
      run: async () => {
        // The admin blocks nobody: the random blocks between members cannot refuse these messages.
        const [a, b] = [admin, members[1]];
        const c = (await ok(a.post('/api/conversations', { userId: b.userId }))).json().conversation;
        await ok(a.post(`/api/conversations/${c.id}/messages`, { content: `unread ${++w.counter}` }));
        await compareAll(w, 'direct message sent, to be read');
        await ok(b.post(`/api/conversations/${c.id}/read`));
      },
    },
    {
      name: 'own direct message deleted',
      run: async () => {
        const [a, b] = [members[2], admin];
        const c = (await ok(a.post('/api/conversations', { userId: b.userId }))).json().conversation;
        const sent = await ok(
          a.post(`/api/conversations/${c.id}/messages`, { content: `oops ${++w.counter}` }),
        );
        await compareAll(w, 'direct message sent, to be deleted');
        await ok(a.delete(`/api/messages/${sent.json().message.id}`));
      },
    },
    {
      name: 'news unpublished',
      run: async () => {
        const res = await ok(
          admin.post('/api/news', {
            title: `Brief ${++w.counter}`,
            content: 'Words.',
            excerpt: '',
            featuredImage: '',
            isPublished: true,
            isFeatured: false,
          }),
        );
        await compareAll(w, 'news published, to be unpublished');
        await ok(admin.patch(`/api/news/${res.json().article.id}/flags`, { isPublished: false }));
      },
    },
    {
      name: 'member unblocked',
      run: async () => {
        const [a, b] = [members[3], members[1]];
        await ok(b.post('/api/chat/messages', { content: `chat ${++w.counter}` }));
        // The blocker has the chat open: their copy is cached when the block lands, and when it is lifted.
        await ok(a.get('/api/chat/messages'));
        const blocked = (await a.get('/api/blocks')).json().blocks as { member: { id: string } }[];
        if (!blocked.some((x) => x.member.id === b.userId)) {
          await ok(a.post('/api/blocks', { userId: b.userId }));
          await compareAll(w, 'member blocked, to be unblocked');
          await ok(a.get('/api/chat/messages'));
        }
        await ok(a.delete(`/api/blocks/${b.userId}`));
      },
    },
    {
      name: 'carousel image hidden',
      run: async () => {
        const added = await ok(
          admin.post('/api/carousel', {
            imageUrl: `https://img.example/${++w.counter}.jpg`,
            title: 'Hide me',
          }),
        );
        await compareAll(w, 'carousel image added, to be hidden');
        await ok(admin.patch(`/api/carousel/${added.json().image.id}`, { isActive: false }));
      },
    },
    {
      name: 'own chat line deleted by its author',
      run: async () => {
        const m = members[2];
        const line = await ok(m.post('/api/chat/messages', { content: `regret ${++w.counter}` }));
        await compareAll(w, 'chat line sent, to be deleted by its author');
        await ok(m.delete(`/api/chat/messages/${line.json().message.id}`));
      },
    },
  ];
}
