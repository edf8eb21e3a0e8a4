import { describe, expect, it } from 'vitest';
import { componentOf, type SystemLogEntry, SystemLogSink, toEntry } from './system-log-sink';

const line = (o: Record<string, unknown>) =>
  JSON.stringify({ time: 1_780_000_000_000, pid: 1, hostname: 'h', ...o });

describe('system log entries from pino lines', () => {
  it('keeps warn and above, with the error message and a component', () => {
    expect(toEntry(line({ level: 30, msg: 'hello' }))).toBeNull();
    expect(toEntry('not json')).toBeNull();
    const e = toEntry(line({ level: 50, msg: 'jobs: failed', err: { message: 'boom', stack: 'x' } }));
    expect(e).toMatchObject({ logLevel: 'error', component: 'jobs', message: 'jobs: failed: boom' });
    expect(e?.details).toEqual({ err: { message: 'boom', stack: 'x' } });
    expect(toEntry(line({ level: 60, msg: 'dead' }))?.logLevel).toBe('fatal');
  });

  it('drops NUL and lone surrogates (the database refuses them) from the message and details', () => {
    const e = toEntry(line({ level: 40, msg: 'media: tag "A\u0000B"', tag: 'A\u0000B\ud800', 'k\u0000': 1 }));
    expect(e).toMatchObject({ message: 'media: tag "AB"', details: { tag: 'AB', k: 1 } });
  });

  it('names the component from a binding, a request, a prefix or the words used', () => {
    expect(componentOf({ component: 'staff', msg: 'x' })).toBe('staff');
    expect(componentOf({ reqId: 'req-1', msg: 'unhandled error' })).toBe('http');
    expect(componentOf({ msg: 'AzuraCast now playing: down' })).toBe('azuracast now playing');
    expect(componentOf({ msg: 'the radio backend did not start' })).toBe('radio');
    expect(componentOf({ msg: 'session lookup failed' })).toBe('auth');
    expect(componentOf({ msg: 'something' })).toBe('app');
  });
});

describe('the batching sink', () => {
  it('waits for the database, then writes in batches', async () => {
    const sink = new SystemLogSink({ batchSize: 3, intervalMs: 20 });
    for (let i = 0; i < 4; i++) sink.stream.write(line({ level: 40, msg: `w${i}` }));
    expect(sink.pending).toBe(4);
    const batches: SystemLogEntry[][] = [];
    sink.attach(async (entries) => void batches.push(entries));
    await sink.flush();
    expect(batches.flat().map((e) => e.message)).toEqual(['w0', 'w1', 'w2', 'w3']);
    await sink.close();
    sink.stream.write(line({ level: 40, msg: 'after close' }));
    expect(sink.pending).toBe(0);
  });

  it('drops a batch the database refuses and complains on stderr once a minute, never through the logger', async () => {
    const complaints: string[] = [];
    const sink = new SystemLogSink({ batchSize: 100, intervalMs: 5, complain: (m) => complaints.push(m) });
    let calls = 0;
    sink.attach(async () => {
      calls += 1;
      throw new Error('database is down');
    });
    for (let round = 0; round < 3; round++) {
      sink.stream.write(line({ level: 50, msg: `e${round}` }));
      await sink.flush();
    }
    expect(calls).toBe(3);
    expect(sink.pending).toBe(0);
    expect(complaints).toEqual(['system logs: 1 entries could not be stored (database is down)\n']);
    await sink.close();
  });

  it('keeps at most maxBuffer entries while the database is not there', () => {
    const sink = new SystemLogSink({ maxBuffer: 2 });
    for (let i = 0; i < 5; i++) sink.stream.write(line({ level: 40, msg: `w${i}` }));
    expect(sink.pending).toBe(2);
  });
});
