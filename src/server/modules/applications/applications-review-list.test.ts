import { describe, expect, it } from 'vitest';
import type { Application } from '../../../shared/contracts/applications';
import { appForFile } from '../../test/app-for-file';
import { ScriptedBackend } from '../../test/scripted-backend';
import { signUpMember } from '../../test/test-app';

const t = appForFile({ deps: { radioBackend: new ScriptedBackend() }, admin: 'Admin' });

const apply = async (name: string) => {
  const m = await signUpMember(t.app, name);
  const res = await m.post('/api/applications', {
    fullName: name,
    email: m.email,
    showConcept: 'Concept',
    experience: 'Some',
    availability: 'Evenings',
  });
  return res.json().application as Application;
};

describe("the admin's applications list", () => {
  it('lists the pending ones first, then the reviewed ones; the default stays pending only', async () => {
    const approved = await apply('Amy Approved');
    const rejected = await apply('Rob Rejected');
    const waiting = await apply('Wes Waiting');
    expect((await t.admin.post(`/api/applications/${approved.id}/approve`)).statusCode).toBe(200);
    expect((await t.admin.post(`/api/applications/${rejected.id}/reject`)).statusCode).toBe(200);

    const pending = (await t.admin.get('/api/applications')).json().applications as Application[];
    expect(pending.map((a) => a.fullName)).toEqual(['Wes Waiting']);

    const all = (await t.admin.get('/api/applications?status=all')).json().applications as Application[];
    expect(all.map((a) => [a.fullName, a.status])).toEqual([
      ['Wes Waiting', 'pending'],
      ['Rob Rejected', 'rejected'],
      ['Amy Approved', 'approved'],
    ]);
    expect(all[1].reviewedAt).not.toBeNull();
    expect(waiting.status).toBe('pending');
    expect((await t.admin.get('/api/applications?status=approved')).statusCode).toBe(400);
    expect((await (await signUpMember(t.app)).get('/api/applications?status=all')).statusCode).toBe(403);
  });
});
