import { createHash } from 'node:crypto';
import type { DbHandle } from '../../db/client';
import { BackupRefused } from './backup-format';
import { ident, inSnapshot, type Run } from './sql-session';

/** One table's rows as JSON texts (row_to_json, UTC), sorted so that equal contents give equal bytes. */
export interface TableRows {
  name: string;
  lines: string[];
}

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

export async function readTable(run: Run, table: string): Promise<TableRows> {
  const rows = await run<{ j: string }>(
    `SELECT j FROM (SELECT row_to_json(t)::text AS j FROM public.${ident(table)} t) s ORDER BY j COLLATE "C"`,
  );
  return { name: table, lines: rows.map((r) => r.j) };
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

/** The bytes a table is stored as in a backup: one JSON text per line. */
export function tableBytes(t: TableRows): Buffer {
  return Buffer.from(t.lines.map((l) => `${l}\n`).join(''), 'utf8');
}

export const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** Every table's row count and the checksum of its rows (tests and the bench compare databases by it). */
export async function tableChecksums(
  dbh: DbHandle,
): Promise<Record<string, { rows: number; sha256: string }>> {
  return inSnapshot(dbh, async (run) => {
    const out: Record<string, { rows: number; sha256: string }> = {};
    for (const name of await listTables(run)) {
      const t = await readTable(run, name);
      out[name] = { rows: t.lines.length, sha256: sha256(tableBytes(t)) };
    }
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

const CHUNK_ROWS = 2000;

/** Loads one table's rows (JSON texts) into the same table of the target, types converted by PostgreSQL. */
export async function loadTable(run: Run, table: string, lines: string[], oneStatement: boolean) {
  if (lines.length === 0) return;
  const cols = await run<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
     WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [`public.${ident(table)}`],
  );
  const known = new Set(cols.map((c) => c.name));
  for (const key of Object.keys(JSON.parse(lines[0] as string) as object)) {
    if (!known.has(key)) {
      // Generated columns are in the rows but not loaded; anything else is a schema that does not match.
      const [gen] = await run<{ g: boolean }>(
        `SELECT attgenerated <> '' AS g FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname = $2`,
        [`public.${ident(table)}`, key],
      );
      if (!gen?.g)
        throw new BackupRefused(
          `The backup's table ${table} has a column ${key} the database does not have.`,
        );
    }
  }
  const list = cols.map((c) => ident(c.name)).join(', ');
  const size = oneStatement ? lines.length : CHUNK_ROWS;
  for (let i = 0; i < lines.length; i += size) {
    const json = `[${lines.slice(i, i + size).join(',')}]`;
    await run(
      `INSERT INTO public.${ident(table)} (${list}) OVERRIDING SYSTEM VALUE
       SELECT ${list} FROM json_populate_recordset(NULL::public.${ident(table)}, $1::json)`,
      [json],
    );
  }
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
