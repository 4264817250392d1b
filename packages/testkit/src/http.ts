// JSON over HTTP against a server under test, and polling until something holds.
import type { Created, SeatSpec } from '@zilch/protocol';

/** A response: status and parsed JSON (or the raw text when it is not JSON). */
export interface Reply<T = unknown> {
  status: number;
  body: T;
}

/** Sends `body` (an object as JSON, a string as-is) and parses the answer. */
export async function api<T = unknown>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the caller sees the text
  }
  return { status: res.status, body: parsed as T };
}

/** The header a seat token travels in (`GET /api/games/:id`); tokens never go in a URL. */
export function bearer(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** `GET /api/games/:id` as the seat `token` opens (else as a spectator). */
export function viewAs<T = unknown>(
  base: string,
  gameId: string,
  token?: string,
): Promise<Reply<T>> {
  return api<T>(base, 'GET', `/api/games/${gameId}`, undefined, bearer(token));
}

/** Like `api`, but throws unless the status is 2xx. */
export async function must<T>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const r = await api<T>(base, method, path, body);
  if (r.status < 200 || r.status >= 300) {
    throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return r.body;
}

/** Creates a table (`POST /api/games`); throws unless it is created. */
export function createGame(
  base: string,
  rules: string | Record<string, unknown>,
  seats: readonly SeatSpec[],
  extra: Record<string, unknown> = {},
): Promise<Created> {
  return must<Created>(base, 'POST', '/api/games', { rules, seats, ...extra });
}

/** Claims the seat a token opens under `name`; throws unless the claim is taken. */
export async function claimSeat(
  base: string,
  gameId: string,
  token: string,
  name: string,
): Promise<void> {
  await must(base, 'POST', `/api/games/${gameId}/claim`, { token, name });
}

/** Runs `fn` over items with at most `limit` in flight. */
export async function pool<T>(
  items: readonly T[],
  limit: number,
  fn: (t: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

/** Polls until `fn` gives a truthy value; throws after `ms`. */
export async function until<T>(
  fn: () => Promise<T> | T,
  ms = 20_000,
  every = 50,
): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms`);
    await sleep(every);
  }
}

/** Resolves after `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** One scrape of a server's /metrics: every sample by its name and labels, as written. */
export async function scrapeMetrics(base: string): Promise<Map<string, number>> {
  const text = await fetch(`${base}/metrics`).then((r) => r.text());
  const out = new Map<string, number>();
  for (const m of text.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (\S+)$/gm)) {
    out.set(m[1] as string, Number(m[2]));
  }
  return out;
}
