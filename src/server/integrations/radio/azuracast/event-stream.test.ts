import { describe, expect, it } from 'vitest';
import { readEventStream, type ServerSentEvent } from './event-stream';
import { payloadsOf } from './now-playing-feed';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
}

describe('readEventStream', () => {
  it('parses events split across chunks, with CRLF, comments, multi-line data and event names', async () => {
    const events: ServerSentEvent[] = [];
    await readEventStream(
      streamOf([
        ': comment\r\n',
        'data: {"a"',
        ':1}\r',
        '\n\r\nevent: np\nid: 7\ndata: one\ndata:two\n\n',
        'data: cut',
      ]),
      (e) => {
        events.push(e);
      },
    );
    expect(events).toEqual([
      { event: 'message', data: '{"a":1}', id: null },
      { event: 'np', data: 'one\ntwo', id: '7' },
    ]);
  });
});

describe('payloadsOf (Centrifugo messages from AzuraCast)', () => {
  const channel = 'station:onair';
  it('finds the now-playing in publications, connect subs and legacy connect data', () => {
    expect(
      payloadsOf(JSON.stringify({ channel, pub: { data: { np: { n: 1 } }, offset: 3 } }), channel),
    ).toEqual({
      np: [{ n: 1 }],
      isConnect: false,
    });
    const connect = { connect: { subs: { [channel]: { publications: [{ data: { np: { n: 2 } } }] } } } };
    expect(payloadsOf(JSON.stringify(connect), channel)).toEqual({ np: [{ n: 2 }], isConnect: true });
    const legacy = {
      connect: {
        data: [
          { channel, data: { np: { n: 3 } } },
          { channel: 'station:other', data: { np: {} } },
        ],
      },
    };
    expect(payloadsOf(JSON.stringify(legacy), channel).np).toEqual([{ n: 3 }]);
  });

  it('ignores pings, other channels and non-JSON keep-alives', () => {
    expect(payloadsOf('{}', channel)).toEqual({ np: [], isConnect: false });
    expect(payloadsOf('.', channel)).toEqual({ np: [], isConnect: false });
    expect(
      payloadsOf(JSON.stringify({ channel: 'station:other', pub: { data: { np: {} } } }), channel).np,
    ).toEqual([]);
  });
});
