// Reads an NDJSON body (docs/bot-api.md): one JSON object a line; empty lines are keep-alives.

/** Each JSON value of an NDJSON body, in order, until the body ends. */
export async function* ndjson(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const dec = new TextDecoder();
  let buf = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buf += dec.decode(value, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (line) yield JSON.parse(line);
      }
    }
  } finally {
    // A consumer that stops early (break, return) lets go of the connection.
    await reader.cancel().catch(() => undefined);
  }
}
