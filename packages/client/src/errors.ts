// The one error a client call throws: the server's refusal (its stable code and sentence), or
// NETWORK when no answer came at all.
import { ErrorBodySchema, type ErrorCode } from '@zilch/protocol';
import { ZodError } from 'zod';

/** A refusal from the server: its stable code, HTTP status (0 for NETWORK) and sentence. */
export class BotApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'NETWORK',
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'BotApiError';
  }
}

/** The typed refusal a response carries (its body read as ErrorBody, else its status line). */
export async function refusal(res: Response): Promise<BotApiError> {
  const body: unknown = await res.json().catch(() => null);
  const err = ErrorBodySchema.safeParse(body);
  return err.success
    ? new BotApiError(err.data.code, res.status, err.data.message)
    : new BotApiError('INTERNAL', res.status, res.statusText || `HTTP ${res.status}`);
}

/**
 * Whether trying again may succeed: no answer or a cut connection, the server failing rather
 * than refusing, or the token's rate limit (a stream opened, or a move, too soon). An answer that breaks the contract (bad JSON, a schema mismatch) is not: it
 * would come again on every retry.
 */
export function transient(e: unknown): boolean {
  if (e instanceof BotApiError) {
    return e.code === 'NETWORK' || e.code === 'RATE_LIMITED' || e.status >= 500;
  }
  return !(e instanceof ZodError || e instanceof SyntaxError);
}
