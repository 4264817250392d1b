/**
 * Why a call failed: a refusal the server sent (a code of @zilch/protocol's `ErrorCode`), or one
 * the client makes itself (`NETWORK`, `TIMEOUT`, `HTTP_<status>`, …), hence any string.
 */
interface WireError {
  code: string;
  message: string;
}

/** A value or the reason there is none; errors are values, never thrown across modules. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: WireError };

/** Wraps a value as a success. */
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** Wraps a code and message as a failure. */
export const err = <T>(code: string, message: string): Result<T> => ({
  ok: false,
  error: { code, message },
});
