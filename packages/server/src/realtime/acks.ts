// Answers to socket messages: the ack callback's type and the refusal helpers.
import type { AckError, ErrorCode } from '@zilch/protocol';
import type { z } from 'zod';

/** An ack callback; clients may leave it out. */
export type Ack<A> = ((answer: A) => void) | undefined;

/** Answers a refusal, if the client asked for an answer. */
export function fail(ack: Ack<AckError>, code: ErrorCode, message: string): void {
  ack?.({ ok: false, error: { code, message } });
}

/** The first few problems of a refused message, for its error sentence. */
export function describe(e: z.ZodError): string {
  return e.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`)
    .join('; ');
}
