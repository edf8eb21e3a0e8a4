import type { FastifyBaseLogger } from 'fastify';

/**
 * A FastifyBaseLogger for integration tests that keeps every message instead of printing it.
 *
 *   const log = createTestLogger();  new IcecastBackend({ …, log });  log.lines → [{ level, msg }]
 */
export function createTestLogger() {
  const lines: { level: string; msg: string }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) => {
      const msg = args.find((a) => typeof a === 'string') ?? '';
      lines.push({ level, msg });
    };
  const log = {
    level: 'trace',
    lines,
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: () => log,
  };
  return log as typeof log & FastifyBaseLogger;
}
