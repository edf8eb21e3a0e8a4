import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '../../../shared/contracts/applications';
import { ScriptedBackend } from '../../test/scripted-backend';
import { createTestApp, type Member, signUpMember, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp({ deps: { radioBackend: new ScriptedBackend() } });
  admin = await signUpMember(t.app, 'Admin');
});
afterAll(async () => t.close());

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
    expect((await admin.post(`/api/applications/${approved.id}/approve`)).statusCode).toBe(200);
    expect((await admin.post(`/api/applications/${rejected.id}/reject`)).statusCode).toBe(200);

    const pending = (await admin.get('/api/applications')).json().applications as Application[];
    expect(pending.map((a) => a.fullName)).toEqual(['Wes Waiting']);

    const all = (await admin.get('/api/applications?status=all')).json().applications as Application[];
    expect(all.map((a) => [a.fullName, a.status])).toEqual([
      ['Wes Waiting', 'pending'],
      ['Rob Rejected', 'rejected'],
      ['Amy Approved', 'approved'],
    ]);
    expect(all[1].reviewedAt).not.toBeNull();
    expect(waiting.status).toBe('pending');
    expect((await admin.get('/api/applications?status=approved')).statusCode).toBe(400);
    expect((await (await signUpMember(t.app)).get('/api/applications?status=all')).statusCode).toBe(403);
  });
});
