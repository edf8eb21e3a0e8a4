import pino, { type Logger } from 'pino';
import type { Config } from '../../config';

/** Where the app's lines go: stdout at LOG_LEVEL, and warnings and errors to the system log store. */
export interface LogDestination {
  write(line: string): void;
}

const RANK = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
type Level = keyof typeof RANK;

/**
 * The app's pino logger: stdout at LOG_LEVEL (none when 'silent'), plus the system log destination at
 * SYSTEM_LOG_LEVEL (warn by default), so the Developer section sees the app's own warnings and errors
 * whatever stdout shows. Cookies and authorization headers are redacted before any line is written.
 */
export function createAppLogger(config: Config, systemLogs: LogDestination): Logger | null {
  const streams: pino.StreamEntry[] = [];
  if (config.LOG_LEVEL !== 'silent') streams.push({ level: config.LOG_LEVEL, stream: pino.destination(1) });
  if (config.SYSTEM_LOG_LEVEL !== 'silent')
    streams.push({ level: config.SYSTEM_LOG_LEVEL, stream: systemLogs });
  if (streams.length === 0) return null;
  const lowest = streams.map((s) => s.level as Level).reduce((a, b) => (RANK[a] <= RANK[b] ? a : b));
  return pino(
    {
      level: lowest,
      redact: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'res.headers["set-cookie"]',
      ],
    },
    pino.multistream(streams),
  );
}
