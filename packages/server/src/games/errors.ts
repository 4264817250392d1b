import type { ErrorCode } from '@zilch/protocol';

/** A refusal: stable code (one of the protocol's), a sentence for players, and its HTTP status. */
export interface ServiceError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly status: number;
}

/** Either a value or a refusal. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ServiceError };

/** Builds a refusal. */
export function refuse(
  code: ErrorCode,
  message: string,
  status = 400,
): { ok: false; error: ServiceError } {
  return { ok: false, error: { code, message, status } };
}

/** Wraps a value. */
export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}
