import { describe, expect, it } from 'vitest';
import { ERRORS_TEXTS } from '../../../shared/texts/common';
import { appForFile } from '../../test/app-for-file';
import { Client, signUpMember } from '../../test/test-app';
import { PAGE_VISITS_PER_MINUTE } from './page-visits.routes';

const t = appForFile({ admin: 'Admin' });

const stored = async (userId: string) =>
  (
    await t.dbh.query<{ n: number }>('SELECT count(*)::int AS n FROM page_visits WHERE user_id = $1', [
      userId,
    ])
  ).rows[0].n;

describe('page visits are limited', () => {
  it(`per member: ${PAGE_VISITS_PER_MINUTE} a minute, then 429 with Retry-After, nothing more stored`, async () => {
    expect(PAGE_VISITS_PER_MINUTE).toBe(60);
    const m = await signUpMember(t.app, 'Clicker');
    const codes: number[] = [];
    for (let i = 0; i < PAGE_VISITS_PER_MINUTE + 5; i++)
      codes.push((await m.post('/api/page-visits', { path: `/page/${i}` })).statusCode);
    expect(codes.slice(0, PAGE_VISITS_PER_MINUTE).every((c) => c === 204)).toBe(true);
    expect(codes.slice(PAGE_VISITS_PER_MINUTE)).toEqual([429, 429, 429, 429, 429]);
    const last = await m.post('/api/page-visits', { path: '/again' });
    expect(last.json().error.message).toBe(ERRORS_TEXTS.tooManyRequests);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored(m.userId)).toBe(PAGE_VISITS_PER_MINUTE);
    // Another member is not held back by this one.
    const other = await signUpMember(t.app, 'Calm');
    expect((await other.post('/api/page-visits', { path: '/' })).statusCode).toBe(204);
  });

  it('per address for visitors (signed out)', async () => {
    const visitor = new Client(t.app, '10.20.30.40');
    const codes: number[] = [];
    for (let i = 0; i < PAGE_VISITS_PER_MINUTE + 1; i++)
      codes.push((await visitor.post('/api/page-visits', { path: `/p${i}` })).statusCode);
    expect(codes.at(-1)).toBe(429);
    expect((await new Client(t.app, '10.20.30.41').post('/api/page-visits', { path: '/' })).statusCode).toBe(
      204,
    );
  });
});
