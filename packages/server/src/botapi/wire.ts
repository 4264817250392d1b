// How the bot API's streams go on the wire. NDJSON (the default): one JSON object a line, an
// empty line as keep-alive. Server-sent events (`Accept: text/event-stream`): each object as one
// event's `data:`, with `id:` its sequence number where it has one (so EventSource's
// Last-Event-ID resumes a game stream), and a comment line as keep-alive. Both say so at once to
// proxies (nginx) with `x-accel-buffering: no`, so each line is passed on as it is written.
import type { ServerResponse } from 'node:http';

/** How long an EventSource waits before it reconnects (ms), sent as the stream's `retry:`. */
const SSE_RETRY_MS = 1_000;

/** The two encodings of a stream. */
export type StreamFormat = 'ndjson' | 'sse';

/** The encoding the request asks for: SSE when its Accept names text/event-stream. */
export function streamFormat(accept: string | undefined): StreamFormat {
  return accept && /(^|,)\s*text\/event-stream\b/i.test(accept) ? 'sse' : 'ndjson';
}

/** A streamed response: lines, keep-alives, and one end. */
export class StreamOut<T> {
  private last = Date.now();
  ended = false;

  constructor(
    readonly res: ServerResponse,
    private readonly format: StreamFormat,
    /** Quiet time after which keepAlive() sends one (ms). */
    private readonly keepAliveMs: number,
    /** A line's sequence number: its SSE `id:` (none when undefined). */
    private readonly idOf: (line: T) => number | undefined = () => undefined,
  ) {}

  /** Sends the head: from here on the answer is a stream. */
  open(): void {
    this.res.writeHead(200, {
      'content-type':
        this.format === 'sse'
          ? 'text/event-stream; charset=utf-8'
          : 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    if (this.format === 'sse') this.res.write(`retry: ${SSE_RETRY_MS}\n\n`);
    this.res.flushHeaders();
  }

  /** Sends one line (one event). */
  write(line: T): void {
    if (this.ended) return;
    this.last = Date.now();
    const json = JSON.stringify(line);
    if (this.format === 'ndjson') {
      this.res.write(`${json}\n`);
      return;
    }
    const id = this.idOf(line);
    this.res.write(`${id === undefined ? '' : `id: ${id}\n`}data: ${json}\n\n`);
  }

  /** Sends a keep-alive if nothing was sent for a while. */
  keepAlive(): void {
    if (!this.ended && Date.now() - this.last >= this.keepAliveMs) {
      this.last = Date.now();
      this.res.write(this.format === 'sse' ? ': keep-alive\n\n' : '\n');
    }
  }

  /** Sends a last line, if any, and ends the response. */
  end(line?: T): void {
    if (this.ended) return;
    if (line) this.write(line);
    this.ended = true;
    this.res.end();
  }
}
