import { beforeAll, describe, expect, it } from 'vitest';
import { PRESENTER_TEXTS } from '../../../shared/texts/staff';
import { appForFile } from '../../test/app-for-file';
import { type Member, memberWith } from '../../test/test-app';

const t = appForFile({ admin: 'Admin' });
let jade: Member;
let marcus: Member;
let mentor: Member;
beforeAll(async () => {
  jade = await memberWith(t, 'presenter', [], 'Jade Okafor');
  marcus = await memberWith(t, 'presenter', [], 'Marcus Bell');
  mentor = await memberWith(t, 'user', ['radio_mentor'], 'Priya Mentor');
});

describe('show ideas', () => {
  it('takes a title and a description, both required and not blank; new ideas are pending', async () => {
    const blank = await jade.post('/api/staff/ideas', { title: '   ', description: 'Something' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Title is required');
    expect(blank.json().error.message).toBe(PRESENTER_TEXTS.ideaTitleRequired);
    const noDescription = await jade.post('/api/staff/ideas', { title: 'Vinyl Hour' });
    expect(noDescription.json().error.message).toBe('Description is required');
    const res = await jade.post('/api/staff/ideas', {
      title: '  Vinyl Hour ',
      description: ' Only records from the 70s. ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().idea).toMatchObject({
      title: 'Vinyl Hour',
      description: 'Only records from the 70s.',
      status: 'pending',
      author: { name: 'Jade Okafor' },
      claimedBy: null,
      claimedAt: null,
    });
    expect(JSON.stringify(res.json())).not.toContain('@');
  });

  it('lets a presenter claim a pending idea once; a second claim is refused clearly', async () => {
    const { idea } = (
      await jade.post('/api/staff/ideas', { title: 'Quiz Night', description: 'Call-in music quiz.' })
    ).json();
    const claimed = await marcus.post(`/api/staff/ideas/${idea.id}/claim`);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().idea).toMatchObject({ status: 'in_progress', claimedBy: { name: 'Marcus Bell' } });
    expect(claimed.json().idea.claimedAt).toEqual(expect.any(String));
    const again = await jade.post(`/api/staff/ideas/${idea.id}/claim`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Another presenter has already claimed this idea.');
    expect((await jade.post('/api/staff/ideas/00000000-0000-0000-0000-000000000000/claim')).statusCode).toBe(
      404,
    );
  });

  it('shows presenters only pending and in-progress ideas; admins see all and alone set status or delete', async () => {
    const { idea } = (
      await jade.post('/api/staff/ideas', { title: 'Done Deal', description: 'Already aired.' })
    ).json();
    expect((await jade.patch(`/api/staff/ideas/${idea.id}`, { status: 'completed' })).statusCode).toBe(403);
    expect((await jade.delete(`/api/staff/ideas/${idea.id}`)).statusCode).toBe(403);
    const done = await t.admin.patch(`/api/staff/ideas/${idea.id}`, { status: 'completed' });
    expect(done.json().idea.status).toBe('completed');
    expect((await t.admin.patch(`/api/staff/ideas/${idea.id}`, { status: 'archived' })).statusCode).toBe(400);

    const forPresenter = (await marcus.get('/api/staff/ideas'))
      .json()
      .ideas.map((i: { title: string }) => i.title);
    expect(forPresenter).toEqual(expect.arrayContaining(['Vinyl Hour', 'Quiz Night']));
    expect(forPresenter).not.toContain('Done Deal');
    const forAdmin = (await t.admin.get('/api/staff/ideas'))
      .json()
      .ideas.map((i: { title: string }) => i.title);
    expect(forAdmin).toContain('Done Deal');

    // Back to pending releases the claim: the idea can be claimed again.
    const quiz = (await t.admin.get('/api/staff/ideas'))
      .json()
      .ideas.find((i: { title: string }) => i.title === 'Quiz Night');
    const reopened = (await t.admin.patch(`/api/staff/ideas/${quiz.id}`, { status: 'pending' })).json().idea;
    expect(reopened).toMatchObject({ status: 'pending', claimedBy: null, claimedAt: null });
    expect((await jade.post(`/api/staff/ideas/${quiz.id}/claim`)).statusCode).toBe(200);

    expect((await t.admin.delete(`/api/staff/ideas/${idea.id}`)).statusCode).toBe(200);
    expect((await t.admin.delete(`/api/staff/ideas/${idea.id}`)).statusCode).toBe(404);
  });

  it('is closed to members without the Radio Presenter section', async () => {
    expect((await mentor.get('/api/staff/ideas')).statusCode).toBe(403);
    expect((await mentor.post('/api/staff/ideas', { title: 'x', description: 'y' })).statusCode).toBe(403);
  });
});
