// The bot API's transport: bearer token on every call, answers checked against their protocol
// schema, `429 RATE_LIMITED` waited out (its retry-after) instead of thrown.
import type { z } from 'zod';
import { sleep } from './backoff.ts';
import { BotApiError, refusal } from './errors.ts';

/** Calls one server with one token. */
export class Http {
  readonly server: string;

  constructor(
    server: string,
    private readonly token: string,
  ) {
    this.server = server.replace(/\/+$/, '');
  }

  /** The headers of every call. */
  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { authorization: `Bearer ${this.token}`, ...extra };
  }

  /** A request; a lost connection becomes a NETWORK BotApiError. */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(`${this.server}${path}`, init);
    } catch (e) {
      if (init.signal?.aborted) throw e;
      throw new BotApiError('NETWORK', 0, `No answer from ${this.server}: ${(e as Error).message}`);
    }
  }

  /** A JSON call whose answer `schema` checks; refusals throw BotApiError. */
  async call<S extends z.ZodType>(
    schema: S,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<z.output<S>> {
    for (;;) {
      const res = await this.fetch(path, {
        method,
        headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (res.ok) return schema.parse(await res.json());
      const err = await refusal(res);
      if (err.code !== 'RATE_LIMITED') throw err;
      await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
    }
  }
}
