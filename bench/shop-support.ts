import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPostgres } from '../src/server/db/client';

/** PostgreSQL for the shop benchmarks: a fresh, migrated database, dropped at the end. */
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function freshPostgres(tag: string) {
  const name = `onair_bench_${tag}_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  const h = await openPostgres(u.toString(), 2);
  await h.migrate();
  await h.close();
  return {
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * A signed-in member's requests over real HTTP, each on a connection of its own (like separate
 * browsers): N requests at once are N sockets at once on the server.
 */
// biome-ignore lint/suspicious/noExplicitAny: bench answers are read loosely, field by field
type Json = any;

export function httpClient(baseUrl: string, cookie: string, origin = 'http://localhost:3000') {
  return (method: string, path: string, body?: unknown) =>
    new Promise<{ status: number; json: Json }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        `${baseUrl}${path}`,
        {
          method,
          agent: false,
          headers: {
            cookie,
            origin,
            ...(payload !== undefined
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
}

export function countBy<T>(xs: T[], key: (x: T) => string | number) {
  const out: Record<string, number> = {};
  for (const x of xs) out[key(x)] = (out[key(x)] ?? 0) + 1;
  return out;
}

/** The member's stored balance, ledger sum and the lowest balance any purchase ever left. */
export async function moneyCheck(
  query: (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
  userId: string,
) {
  const { rows } = await query(
    `SELECT t.token_balance AS balance, t.total_earned AS earned, t.total_spent AS spent,
            (SELECT coalesce(sum(delta), 0) FROM token_ledger WHERE user_id = $1) AS ledger,
            (SELECT min(balance_after) FROM token_ledger WHERE user_id = $1) AS lowest,
            (SELECT count(*) FROM user_purchases WHERE user_id = $1 AND payment_method = 'tokens') AS purchases
       FROM user_tokens t WHERE t.user_id = $1`,
    [userId],
  );
  const r = rows[0];
  return {
    balance: Number(r.balance),
    earned: Number(r.earned),
    spent: Number(r.spent),
    ledger: Number(r.ledger),
    lowest: r.lowest === null ? null : Number(r.lowest),
    purchases: Number(r.purchases),
  };
}

/** The real app on a database URL, listening with a backlog deep enough for 1,000 simultaneous sockets. */
export async function startShopApp(env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'onair-bench-')),
    SERVE_WEB: 'false',
    JOBS_ENABLED: 'false',
    RADIO_BACKEND: 'none',
    BASE_URL: 'http://localhost:3000',
    AUTH_RATE_LIMIT_MAX: '1000',
    ...env,
  });
  const app = await buildApp(config, { startRadio: false });
  await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  const port = (app.server.address() as AddressInfo).port;
  return { app, url: `http://127.0.0.1:${port}` };
}
