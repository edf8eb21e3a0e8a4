import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { DbHandle } from '../../db/client';
import { BackupRefused } from './backup-format';
import { ident, inSnapshot, type Run } from './sql-session';

export interface SequencePosition {
  name: string;
  value: string;
  isCalled: boolean;
}

/** The application's tables: everything in the public schema (pg-boss's queue and drizzle's journal live apart). */
export async function listTables(run: Run): Promise<string[]> {
  const rows = await run<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/**
 * Tables that describe the running instances (the engine lease, the instances seen), not the station:
 * neither backed up nor restored, so a restore never hands a cluster's lease to a dead instance
 * (docs/operations/several-instances.md).
 */
const INSTANCE_TABLES = new Set(['engine_lease', 'cluster_instances']);

/** The tables a backup holds: the application's tables but the instances' own. */
export async function listStationTables(run: Run): Promise<string[]> {
  return (await listTables(run)).filter((t) => !INSTANCE_TABLES.has(t));
}

export async function readSequences(run: Run): Promise<SequencePosition[]> {
  const seqs = await run<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY 1`,
  );
  const out: SequencePosition[] = [];
  for (const s of seqs) {
    const [p] = await run<{ v: string; c: boolean }>(
      `SELECT last_value::text AS v, is_called AS c FROM public.${ident(s.name)}`,
    );
    if (p) out.push({ name: s.name, value: p.v, isCalled: p.c });
  }
  return out;
}

export const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** Every table's row count and the checksum of its rows (tests and the bench compare databases by it). */
export async function tableChecksums(
  dbh: DbHandle,
): Promise<Record<string, { rows: number; sha256: string }>> {
  return inSnapshot(dbh, async (run) => {
    const out: Record<string, { rows: number; sha256: string }> = {};
    for (const name of await listStationTables(run)) out[name] = await tableDigest(run, name);
    return out;
  });
}

/**
 * The tables in an order that loads parents before children (foreign keys). A table that refers to
 * itself is loaded in one statement (the check runs at the statement's end). A cycle between tables
 * cannot be loaded row by row without deferrable constraints: it is refused with the names.
 */
export async function loadOrder(
  run: Run,
  tables: string[],
): Promise<{ order: string[]; selfRef: Set<string> }> {
  const fks = await run<{ child: string; parent: string }>(
    `SELECT cl.relname AS child, pl.relname AS parent FROM pg_constraint c
       JOIN pg_class cl ON cl.oid = c.conrelid JOIN pg_class pl ON pl.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = cl.relnamespace
     WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const selfRef = new Set(fks.filter((f) => f.child === f.parent).map((f) => f.child));
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const f of fks) if (f.child !== f.parent) parents.get(f.child)?.add(f.parent);
  const order: string[] = [];
  const done = new Set<string>();
  while (order.length < tables.length) {
    const ready = tables.filter(
      (t) => !done.has(t) && [...(parents.get(t) ?? [])].every((p) => done.has(p) || !parents.has(p)),
    );
    if (ready.length === 0) {
      const left = tables.filter((t) => !done.has(t));
      throw new BackupRefused(
        `The tables ${left.join(', ')} refer to each other in a cycle; they cannot be loaded.`,
      );
    }
    for (const t of ready) {
      done.add(t);
      order.push(t);
    }
  }
  return { order, selfRef };
}

/** Rows sent in one statement: at most this many, and at most this many bytes of JSON. */
const CHUNK_ROWS = 2000;
const CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * Loads one table's rows (JSON texts, one per line, read as they stream) into the same table of the
 * target, types converted by PostgreSQL, a chunk at a time: memory stays bounded whatever the table's
 * size. A table that refers to itself goes through a temporary table first and then in one statement, so
 * its foreign key is checked once every row is in. Returns the rows loaded.
 */
export async function loadTable(
  run: Run,
  table: string,
  lines: AsyncIterable<string> | Iterable<string>,
  selfRef: boolean,
): Promise<number> {
  const target = `public.${ident(table)}`;
  const cols = await run<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
     WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [target],
  );
  const list = cols.map((c) => ident(c.name)).join(', ');
  const into = selfRef ? 'onair_restore_rows' : target;
  let checked = false;
  let loaded = 0;
  let chunk: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (chunk.length === 0) return;
    await run(
      `INSERT INTO ${into} (${list}) ${selfRef ? '' : 'OVERRIDING SYSTEM VALUE'}
       SELECT ${list} FROM json_populate_recordset(NULL::${target}, $1::json)`,
      [`[${chunk.join(',')}]`],
    );
    loaded += chunk.length;
    chunk = [];
    bytes = 0;
  };
  if (selfRef) await run(`CREATE TEMP TABLE onair_restore_rows AS SELECT * FROM ${target} WITH NO DATA`);
  for await (const line of lines) {
    if (!line) continue;
    if (!checked) {
      await checkColumns(run, table, new Set(cols.map((c) => c.name)), line);
      checked = true;
    }
    chunk.push(line);
    bytes += line.length;
    if (chunk.length >= CHUNK_ROWS || bytes >= CHUNK_BYTES) await flush();
  }
  await flush();
  if (selfRef) {
    await run(`INSERT INTO ${target} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM ${into}`);
    await run(`DROP TABLE ${into}`);
  }
  return loaded;
}

/** Generated columns are in the rows but not loaded; any other column the table lacks is refused. */
async function checkColumns(run: Run, table: string, known: Set<string>, firstLine: string) {
  for (const key of Object.keys(JSON.parse(firstLine) as object)) {
    if (known.has(key)) continue;
    const [gen] = await run<{ g: boolean }>(
      `SELECT attgenerated <> '' AS g FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname = $2`,
      [`public.${ident(table)}`, key],
    );
    if (!gen?.g)
      throw new BackupRefused(`The backup's table ${table} has a column ${key} the database does not have.`);
  }
}

/**
 * A table's rows as a backup stores them (row_to_json, UTC, sorted so that equal contents give equal bytes), a page at a time through a cursor inside
 * the caller's transaction, so a large table is never held whole.
 */
export async function eachRowsPage(run: Run, table: string, page: (lines: string[]) => Promise<void> | void) {
  await run(
    `DECLARE onair_rows NO SCROLL CURSOR FOR
     SELECT j FROM (SELECT row_to_json(t)::text AS j FROM public.${ident(table)} t) s ORDER BY j COLLATE "C"`,
  );
  for (;;) {
    const rows = await run<{ j: string }>('FETCH 2000 FROM onair_rows');
    if (rows.length === 0) break;
    await page(rows.map((r) => r.j));
  }
  await run('CLOSE onair_rows');
}

/** A table's row count and the SHA-256 of its rows as a backup stores them (one JSON text a line). */
export async function tableDigest(run: Run, table: string): Promise<{ rows: number; sha256: string }> {
  const hash = createHash('sha256');
  let rows = 0;
  await eachRowsPage(run, table, (lines) => {
    for (const l of lines) hash.update(`${l}\n`);
    rows += lines.length;
  });
  return { rows, sha256: hash.digest('hex') };
}

/** Writes a table's rows to `file` (one JSON text a line); returns how many. */
export async function spoolTable(run: Run, table: string, file: string): Promise<number> {
  const out = createWriteStream(file, { mode: 0o600 });
  const closed = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', reject);
  });
  let rows = 0;
  try {
    await eachRowsPage(run, table, async (lines) => {
      rows += lines.length;
      if (!out.write(lines.map((l) => `${l}\n`).join(''))) await once(out, 'drain');
    });
  } finally {
    out.end();
  }
  await closed;
  return rows;
}

export async function setSequences(run: Run, seqs: SequencePosition[]) {
  for (const s of seqs) {
    await run('SELECT setval(to_regclass($1), $2::bigint, $3)', [
      `public.${ident(s.name)}`,
      s.value,
      s.isCalled,
    ]);
  }
}
