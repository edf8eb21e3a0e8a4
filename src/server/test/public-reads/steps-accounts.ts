import sharp from 'sharp';
import { expect } from 'vitest';
import { linkInteraction } from '../fakes/fake-discord';
import { TEST_ORIGIN, uniqueEmail } from '../test-app';
import { type Change, compareAll, inject, ok, unrecorded, type World } from './world';

const application = (name: string) => ({
  fullName: name,
  email: uniqueEmail('applicant'),
  showConcept: 'Late-night jazz',
  experience: 'Hospital radio, 3 years',
  availability: 'Weekday evenings',
  additionalInfo: '',
});

/**
 * Changes to members' accounts: applications decided, pictures, badges, accounts made by an admin,
 * Discord links, roles deleted, sessions revoked. Each runs once (they are not repeatable at will).
 */
export function accountSteps(w: World): Change[] {
  const { t, admin, members } = w;
  return [
    {
      name: 'application approved',
      run: async () => {
        const m = members[2];
        const sent = await ok(m.post('/api/applications', application('Cal Applicant')));
        await compareAll(w, 'application sent, to be approved');
        const id = sent.json().application.id as string;
        await ok(admin.post(`/api/applications/${id}/approve`));
      },
    },
    {
      name: 'application rejected',
      run: async () => {
        const m = members[3];
        const sent = await ok(m.post('/api/applications', application('Dee Applicant')));
        await compareAll(w, 'application sent, to be rejected');
        const id = sent.json().application.id as string;
        await ok(admin.post(`/api/applications/${id}/reject`));
      },
    },
    {
      name: 'profile picture uploaded',
      run: async () => {
        const m = members[1];
        const picture = await sharp({
          create: { width: 300, height: 200, channels: 3, background: '#3366ff' },
        })
          .png()
          .toBuffer();
        await inject(
          w,
          'POST',
          '/api/me/picture',
          { cookie: m.cookie, origin: TEST_ORIGIN, 'content-type': 'image/png' },
          picture,
        );
      },
    },
    {
      name: 'badge unlocked',
      run: () => ok(members[0].post('/api/badges/unlock', { badgeCode: 'konami_code' })),
    },
    {
      name: 'member added by an admin',
      run: () =>
        ok(admin.post('/api/users', { email: uniqueEmail('added'), fullName: `Added ${++w.counter}` })),
    },
    {
      name: 'Discord linked, then unlinked',
      run: async () => {
        const m = members[1];
        const user = { id: String(900_000_000_000_000_000n + BigInt(++w.counter)), username: 'cal' };
        const body = JSON.stringify(linkInteraction(user, w.discord.applicationId));
        const res = await inject(w, 'POST', '/api/discord/interactions', w.discord.sign(body), body);
        const code = /\*\*(\d{6})\*\*/.exec(res.json().data.content)?.[1];
        expect(code).toBeTruthy();
        await compareAll(w, 'Discord link code asked for');
        await ok(m.post('/api/me/discord/verify', { code }));
        await compareAll(w, 'Discord linked');
        await ok(m.delete('/api/me/discord'));
      },
    },
    {
      name: 'role deleted while held',
      run: async () => {
        const role = await ok(
          admin.post('/api/roles', {
            name: `short_lived_${++w.counter}`,
            fullName: 'Short Lived',
            description: null,
            permissions: ['manage_requests'],
          }),
        );
        const roleId = role.json().role.id as string;
        await ok(admin.post('/api/role-assignments', { userId: members[2].userId, roleId }));
        await compareAll(w, 'role made and assigned, to be deleted');
        await ok(admin.delete(`/api/roles/${roleId}`));
      },
    },
    {
      name: 'sessions revoked',
      run: async () => {
        const m = members[3];
        const old = m.cookie;
        await ok(admin.delete(`/api/users/${m.userId}/sessions`));
        // The revoked session is no longer served from memory, nor at all.
        expect(t.app.ctx.actors.peek(old)).toBeNull();
        expect((await m.get('/api/me')).json().me).toBeNull();
        // Signed in again (not the change under test): the comparison then reads as the new session.
        await unrecorded(() => ok(m.post('/api/auth/login', { email: m.email, password: 'secret123' })));
        expect(m.cookie).not.toBe(old);
      },
    },
  ];
}
