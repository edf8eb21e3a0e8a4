import { REQUEST_TRANSITIONS } from '../../../shared/contracts/requests';
import { nowPlayingSlot } from '../../modules/station/now-playing.service';
import { Client } from '../test-app';
import { type Change, ok, type Pick, type World } from './world';

const SONGS = [
  ['Midnight Drive', 'The Night Owls'],
  ['Sunrise Avenue', 'Morning Glory'],
  ['Low Tide', 'Harbour Lights'],
  ['Paper Planes', 'The Kites'],
  ['Neon Rain', 'City Pulse'],
] as const;

/** Random changes to the schedule, the music, roles, requests, notifications, messages and the chat. */
export function stationChanges(w: World, pick: Pick, chance: () => number): Change[] {
  const { t, backend, admin, members, slots, bans, requests, assignments, roleId } = w;
  const anyMember = () => pick(members);
  const song = () => pick(SONGS);
  return [
    {
      name: 'site title',
      run: () => admin.patch('/api/settings/site', { siteTitle: `Station ${++w.counter}` }),
    },
    {
      name: 'donation box changed',
      run: () =>
        ok(
          admin.patch('/api/settings/site', {
            donationUrl: chance() < 0.3 ? '' : `https://donate.example/${++w.counter}`,
            donationGoalGbp: 50 + Math.floor(chance() * 200),
            donationRaisedGbp: Math.floor(chance() * 5000) / 100,
          }),
        ),
    },
    {
      name: 'new slot',
      run: async () => {
        const res = await admin.post('/api/schedule/slots', {
          presenterId: members[0].userId,
          dayOfWeek: Math.floor(chance() * 7),
          startTime: `${String(Math.floor(chance() * 23)).padStart(2, '0')}:00`,
          endTime: '23:30',
          showName: `Show ${++w.counter}`,
        });
        if (res.statusCode === 201) slots.push(res.json().slot.id);
      },
    },
    {
      name: 'slot renamed',
      run: async () => {
        if (slots.length === 0) return;
        const id = pick(slots);
        const [row] = (
          await t.dbh.query<Record<string, unknown>>('SELECT * FROM schedule_slots WHERE id = $1', [id])
        ).rows;
        await admin.patch(`/api/schedule/slots/${id}`, {
          presenterId: row.presenter_id,
          dayOfWeek: row.day_of_week,
          startTime: row.start_time,
          endTime: row.end_time,
          showName: `Renamed ${++w.counter}`,
        });
      },
    },
    {
      name: 'slot deleted',
      run: async () => {
        if (slots.length === 0) return;
        const id = slots.splice(Math.floor(chance() * slots.length), 1)[0];
        await admin.delete(`/api/schedule/slots/${id}`);
      },
    },
    {
      name: 'like toggled',
      run: () => {
        const [title, artist] = song();
        return anyMember().post('/api/likes/toggle', { title, artist });
      },
    },
    {
      name: 'song played',
      run: async () => {
        const [title, artist] = song();
        await backend.playTrack(title, artist, w.sequence++);
        await nowPlayingSlot.of(t.app.ctx).idle();
      },
    },
    { name: 'chart generated', run: () => admin.post('/api/chart/generate') },
    { name: 'privacy toggled', run: () => anyMember().patch('/api/me', { publicProfile: chance() < 0.5 }) },
    {
      name: 'profile role changed',
      run: () =>
        admin.patch(`/api/users/${anyMember().userId}/role`, { role: pick(['user', 'presenter', 'staff']) }),
    },
    {
      name: 'role assigned',
      run: async () => {
        const res = await admin.post('/api/role-assignments', { userId: anyMember().userId, roleId });
        if (res.statusCode === 201) assignments.push(res.json().assignment.id);
      },
    },
    {
      name: 'role unassigned',
      run: async () => {
        if (assignments.length === 0) return;
        await admin.delete(`/api/role-assignments/${assignments.pop()}`);
      },
    },
    {
      name: 'song banned',
      run: async () => {
        const res = await admin.post('/api/banned-songs', {
          title: `Banned ${++w.counter}`,
          artist: 'Somebody',
          reason: null,
        });
        if (res.statusCode === 201) bans.push({ id: res.json().song.id, active: true });
      },
    },
    {
      name: 'ban toggled or lifted',
      run: async () => {
        if (bans.length === 0) return;
        const b = pick(bans);
        if (chance() < 0.5) {
          b.active = !b.active;
          await admin.patch(`/api/banned-songs/${b.id}`, { isActive: b.active });
        } else {
          bans.splice(bans.indexOf(b), 1);
          await admin.delete(`/api/banned-songs/${b.id}`);
        }
      },
    },
    {
      name: 'request sent',
      run: async () => {
        const n = ++w.counter;
        const res = await new Client(t.app, `10.0.${n >> 8}.${n & 255}`).post('/api/requests', {
          requestType: 'song_request',
          songTitle: `Request ${n}`,
          artist: 'Requested Artist',
          message: '',
          requesterName: `Listener ${n}`,
        });
        if (res.statusCode === 201) requests.push({ id: res.json().request.id, status: 'pending' });
      },
    },
    {
      name: 'request moved',
      run: async () => {
        if (requests.length === 0) return;
        const r = pick(requests);
        const to = pick(REQUEST_TRANSITIONS[r.status]);
        if ((await admin.patch(`/api/requests/${r.id}/status`, { status: to })).statusCode === 200)
          r.status = to;
      },
    },
    {
      name: 'requests switched',
      run: () => admin.patch('/api/requests/settings', { enabled: chance() < 0.7 }),
    },
    {
      name: 'live switched',
      run: async () => {
        const isLive = chance() < 0.6;
        await backend.sink!.liveChanged({ isLive, streamerName: isLive ? 'Bea Presenter' : null });
        await nowPlayingSlot.of(t.app.ctx).idle();
      },
    },
    {
      name: 'notification sent',
      run: () =>
        admin.post('/api/notifications', {
          userId: anyMember().userId,
          title: `Note ${++w.counter}`,
          message: 'Hi',
        }),
    },
    {
      name: 'notifications read',
      run: async () => {
        const m = anyMember();
        const list = (await m.get('/api/notifications')).json().notifications as { id: string }[];
        if (list.length > 0 && chance() < 0.5) await m.post(`/api/notifications/${pick(list).id}/read`);
        else await m.post('/api/notifications/read-all');
      },
    },
    {
      name: 'direct message',
      run: async () => {
        const [a, b] = [anyMember(), anyMember()];
        if (a === b) return;
        const c = (await a.post('/api/conversations', { userId: b.userId })).json().conversation;
        if (chance() < 0.7)
          await a.post(`/api/conversations/${c.id}/messages`, { content: `dm ${++w.counter}` });
        if (chance() < 0.5) await b.post(`/api/conversations/${c.id}/read`);
      },
    },
    {
      name: 'direct message deleted by its sender',
      run: async () => {
        const a = anyMember();
        const list = (await a.get('/api/conversations')).json().conversations as { id: string }[];
        if (list.length === 0) return;
        const thread = (await a.get(`/api/conversations/${pick(list).id}/messages`)).json().messages as {
          id: string;
          senderId: string;
        }[];
        const own = thread.filter((m) => m.senderId === a.userId);
        if (own.length > 0) await ok(a.delete(`/api/messages/${pick(own).id}`));
      },
    },
    {
      name: 'chat message',
      run: () => anyMember().post('/api/chat/messages', { content: `chat ${++w.counter}` }),
    },
    {
      name: 'chat message removed',
      run: async () => {
        const list = (await admin.get('/api/chat/messages')).json().messages as { id: string }[];
        if (list.length > 0) await admin.delete(`/api/chat/messages/${pick(list).id}`);
      },
    },
    {
      name: 'member blocked or unblocked',
      run: async () => {
        // Blocks hide the blocked member's chat lines for the blocker: pick a member who has some.
        const lines = (await admin.get('/api/chat/messages')).json().messages as { author: { id: string } }[];
        const authors = members.filter((m) => lines.some((l) => l.author.id === m.userId));
        const b = authors.length > 0 ? pick(authors) : anyMember();
        if (authors.length === 0) await ok(b.post('/api/chat/messages', { content: `chat ${++w.counter}` }));
        const a = pick(members.filter((m) => m !== b));
        // The blocker has the chat open: their copy is cached when the block lands.
        await ok(a.get('/api/chat/messages'));
        const blocked = (await a.get('/api/blocks')).json().blocks as { member: { id: string } }[];
        if (blocked.some((x) => x.member.id === b.userId)) await ok(a.delete(`/api/blocks/${b.userId}`));
        else await ok(a.post('/api/blocks', { userId: b.userId }));
      },
    },
  ];
}
