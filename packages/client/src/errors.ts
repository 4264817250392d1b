// The one error a client call throws: the server's refusal (its stable code and sentence), or
// NETWORK when no answer came at all.
import { ErrorBodySchema, type ErrorCode } from '@zilch/protocol';

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

/** Whether trying again may succeed: no answer, or the server failing rather than refusing. */
export function transient(e: unknown): boolean {
  return !(e instanceof BotApiError) || e.code === 'NETWORK' || e.status >= 500;
}
