/**
 * A minimal text/event-stream parser (the WHATWG "server-sent events" format) over a fetch body:
 * fields `data`, `event`, `id`; comments (`:`) ignored; an event is dispatched at a blank line with its
 * data lines joined by '\n'. Resolves when the stream ends; rejects when reading fails (or is aborted).
 */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | null;
}

export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void | Promise<void>,
  onChunk?: () => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let id: string | null = null;

  const processLine = async (line: string) => {
    if (line === '') {
      if (data.length > 0) await onEvent({ event: event || 'message', data: data.join('\n'), id });
      data = [];
      event = '';
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk?.();
      buffer += decoder.decode(value, { stream: true });
      // A lone '\r' at the end may be the first half of '\r\n': wait for the next chunk.
      const lines = buffer.split(/\r\n|\r(?!$)|\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) await processLine(line);
    }
    // Per the format, an event not ended by a blank line when the stream closes is dropped.
  } finally {
    reader.releaseLock();
  }
}
