// An NDJSON stream of the bot API as tests read it: every line kept, waits for a line that
// matches, and whether the server ended it.
import type { Loose } from './helpers.ts';

/** An open NDJSON stream. */
export class LineStream {
  readonly lines: Loose[] = [];
  ended = false;
  status = 0;
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];

  private constructor() {}

  /** Opens `path` with a bearer token; resolves once the answer's head has come. */
  static async open(base: string, path: string, token: string): Promise<LineStream> {
    const s = new LineStream();
    const res = await fetch(`${base}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: s.abort.signal,
    });
    s.status = res.status;
    if (!res.ok || !res.body) {
      s.lines.push(await res.json());
      s.ended = true;
      return s;
    }
    void s.read(res.body.getReader());
    return s;
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const dec = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        let nl: number;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, nl).trim();
          buf = buf.slice(nl + 1);
          if (line) this.lines.push(JSON.parse(line));
          this.poke();
        }
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
    this.poke();
  }

  private poke(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** The first line (from `from` on) that matches, waiting up to `ms`. */
  async next(match: (l: Loose) => boolean, from = 0, ms = 10_000): Promise<Loose> {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = this.lines.slice(from).find(match);
      if (hit) return hit;
      if (this.ended) throw new Error(`stream ended without it: ${JSON.stringify(this.lines)}`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no such line in ${ms} ms; ${this.lines.length} lines, the last: ${this.lines
            .slice(-3)
            .map((l: Loose) =>
              JSON.stringify({
                type: l.type,
                seq: l.seq,
                you: l.view?.you,
                current: l.view?.state?.current,
                phase: l.view?.state?.phase,
                status: l.view?.status,
                choices: l.choices?.length,
                action: l.action,
              }),
            )
            .join(' ')}`,
        );
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  /** Waits until the server ends the stream (up to `ms`). */
  async closed(ms = 5_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error('the stream is still open');
      await new Promise<void>((r) => {
        const t = setTimeout(r, deadline - Date.now());
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  /** Closes it from this side. */
  close(): void {
    this.abort.abort();
  }
}

/** The move a simple bot makes from the stream's choices: keep the most, bank from 350. */
export function simpleMove(choices: Loose[]): Loose {
  const keeps = choices.filter((c) => c.move.type === 'keep');
  if (keeps.length > 0) {
    const best = keeps.reduce((a, b) => (b.total > a.total ? b : a));
    const bank = keeps.find(
      (c) => c.move.then === 'bank' && String(c.move.dice) === String(best.move.dice),
    );
    return bank && best.total >= 350 ? bank.move : best.move;
  }
  const bank = choices.find((c) => c.move.type === 'bank');
  if (bank && bank.total >= 350) return bank.move;
  return (choices.find((c) => c.move.type === 'roll' || c.move.type === 'fresh') ?? choices[0])
    .move;
}

/**
 * Posts a move as a well-behaved bot does: a `429 RATE_LIMITED` is waited out (its
 * `retry-after`) and sent again with the same client id, which the server applies once.
 */
export async function postMove(
  base: string,
  gameId: string,
  token: string,
  body: { clientId: string; move: Loose },
): Promise<{ status: number; body: Loose }> {
  for (;;) {
    const res = await fetch(`${base}/api/bot/game/${gameId}/move`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = { status: res.status, body: (await res.json()) as Loose };
    if (res.status !== 429) return answer;
    const wait = Number(res.headers.get('retry-after') ?? 1) * 1000;
    await new Promise((r) => setTimeout(r, wait));
  }
}
