/**
 * Where the app's own warnings and errors go besides stdout: a pino destination that keeps them in a
 * small buffer and writes them to `system_logs` in batches (the Developer section reads them).
 * It never logs through the logger it serves: a failed insert drops that batch and says so once a
 * minute on stderr, so a broken database cannot start a loop of log lines about log lines.
 */

export interface SystemLogEntry {
  logLevel: string;
  component: string;
  message: string;
  details: Record<string, unknown> | null;
  createdAt: Date;
}

export type SystemLogWriter = (entries: SystemLogEntry[]) => Promise<void>;

const LEVELS: Record<number, string> = { 40: 'warn', 50: 'error', 60: 'fatal' };
const MESSAGE_MAX = 2000;
const DETAILS_MAX = 4000;
/** Keys pino adds to every line, and those the message already carries. */
const OMIT = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'component']);

/** The component a line is about: its `component` binding, a request, a 'prefix: …' message, or 'app'. */
export function componentOf(line: Record<string, unknown>): string {
  if (typeof line.component === 'string' && line.component) return line.component.slice(0, 40);
  if (line.reqId !== undefined) return 'http';
  const msg = typeof line.msg === 'string' ? line.msg : '';
  const prefix = /^([A-Za-z][\w .-]{1,30}):\s/.exec(msg)?.[1];
  if (prefix) return prefix.toLowerCase();
  if (/radio|engine|icecast|azuracast|liquidsoap|station|stream/i.test(msg)) return 'radio';
  if (/spotify|album art/i.test(msg)) return 'spotify';
  if (/session|login|auth/i.test(msg)) return 'auth';
  return 'app';
}

/** NUL and UTF-16 halves without their pair: PostgreSQL refuses them in text and jsonb. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is removed.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The value with every string (and key) stripped of what the database cannot store. */
function storable(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(UNSTORABLE, '');
  if (value === null || typeof value !== 'object') return value;
  if (depth > 32) return '[too deep]';
  if (Array.isArray(value)) return value.map((v) => storable(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k.replace(UNSTORABLE, ''), storable(v, depth + 1)]),
  );
}

/**
 * One pino JSON line as a system log entry, or null for lines below warn or that are not JSON. A NUL (a
 * file's tag, a client's header) is dropped from the entry, so the line is stored, not its whole batch.
 */
export function toEntry(raw: string): SystemLogEntry | null {
  let line: Record<string, unknown>;
  try {
    line = storable(JSON.parse(raw)) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (line === null || typeof line !== 'object' || Array.isArray(line)) return null;
  const level = typeof line.level === 'number' ? line.level : 0;
  if (level < 40) return null;
  const err = line.err as { message?: string } | undefined;
  const msg = typeof line.msg === 'string' && line.msg ? line.msg : (err?.message ?? '(no message)');
  const withError = err?.message && !msg.includes(err.message) ? `${msg}: ${err.message}` : msg;
  const rest = Object.fromEntries(Object.entries(line).filter(([k]) => !OMIT.has(k)));
  let details: Record<string, unknown> | null = null;
  if (Object.keys(rest).length > 0) {
    const json = JSON.stringify(rest);
    details = json.length <= DETAILS_MAX ? rest : { truncated: json.slice(0, DETAILS_MAX) };
  }
  return {
    logLevel: LEVELS[level >= 60 ? 60 : level >= 50 ? 50 : 40],
    component: componentOf(line),
    message: withError.slice(0, MESSAGE_MAX),
    details,
    createdAt: typeof line.time === 'number' ? new Date(line.time) : new Date(),
  };
}

export class SystemLogSink {
  private buffer: SystemLogEntry[] = [];
  private writer: SystemLogWriter | null = null;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private dropped = 0;
  private lastComplaint = 0;
  private closed = false;

  constructor(
    private readonly opts: {
      batchSize?: number;
      intervalMs?: number;
      maxBuffer?: number;
      /** Where the sink's own trouble goes (never the logger). */
      complain?: (message: string) => void;
    } = {},
  ) {}

  /** The pino destination: a stream whose `write` receives each serialized line. */
  readonly stream = {
    write: (raw: string) => {
      const entry = toEntry(raw);
      if (entry) this.push(entry);
    },
  };

  /** Starts writing to the database once it is open; lines logged before wait in the buffer. */
  attach(writer: SystemLogWriter) {
    this.writer = writer;
    this.schedule();
  }

  get pending() {
    return this.buffer.length;
  }

  private push(entry: SystemLogEntry) {
    if (this.closed) return;
    const max = this.opts.maxBuffer ?? 1000;
    if (this.buffer.length >= max) {
      this.buffer.shift();
      this.dropped += 1;
    }
    this.buffer.push(entry);
    if (this.buffer.length >= (this.opts.batchSize ?? 50)) setImmediate(() => void this.flush());
    else this.schedule();
  }

  private schedule() {
    if (this.timer || !this.writer || this.buffer.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.opts.intervalMs ?? 2000);
    this.timer.unref();
  }

  /** Writes what is buffered (one batch at a time); resolves when the buffer has been handled. */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    const writer = this.writer;
    if (!writer || this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    this.flushing = writer(batch)
      .catch((err: unknown) => {
        this.dropped += batch.length;
        const now = Date.now();
        if (now - this.lastComplaint > 60_000) {
          this.lastComplaint = now;
          const why = err instanceof Error ? err.message : String(err);
          (this.opts.complain ?? ((m) => process.stderr.write(m)))(
            `system logs: ${this.dropped} entries could not be stored (${why})\n`,
          );
        }
      })
      .finally(() => {
        this.flushing = null;
        this.schedule();
      });
    return this.flushing;
  }

  /** Writes the rest and stops; later lines are ignored. */
  async close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    await this.flush();
    this.closed = true;
    this.writer = null;
  }
}
