import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorCode } from '../../infra/http/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { guarded } from './bookings.service';

/** An error as the pg driver raises it: the SQLSTATE in `code`, wrapped the way the query builder wraps it. */
const pgError = (code: string) => Object.assign(new Error('query failed'), { cause: { code } });
const slot = { dayOfWeek: 2, startTime: '18:00', endTime: '19:00', showName: 'Late Show', description: null };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('a booking cancelled by the deadlock detector', () => {
  it('is tried again, and books the time when the other booking did not', async () => {
    let calls = 0;
    const result = await guarded({ db: t.dbh.db } as never, slot, async () => {
      calls++;
      if (calls < 3) throw pgError('40P01');
      return 'booked';
    });
    expect(result).toBe('booked');
    expect(calls).toBe(3);
  });

  it('becomes a clear 409 when it keeps deadlocking, never a 500', async () => {
    let calls = 0;
    const failure = await guarded({ db: t.dbh.db } as never, slot, async () => {
      calls++;
      throw pgError('40P01');
    }).catch((e: unknown) => e);
    expect(calls).toBe(5);
    expect(failure).toMatchObject({ code: 'CONFLICT' });
  });

  it('leaves other database errors alone', async () => {
    const failure = await guarded({ db: t.dbh.db } as never, slot, async () => {
      throw pgError('23505');
    }).catch((e: unknown) => e);
    expect(pgErrorCode(failure)).toBe('23505');
  });
});
