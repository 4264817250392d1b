/** Stable codes for every rejected action. */
export type ErrorCode =
  | 'BAD_ACTION'
  | 'NOT_YOUR_TURN'
  | 'GAME_OVER'
  | 'MUST_CHOOSE_START'
  | 'NO_OFFER'
  | 'MUST_ROLL_FIRST'
  | 'MUST_KEEP_FIRST'
  | 'ILLEGAL_SELECTION'
  | 'BELOW_BANK_MINIMUM'
  | 'BAD_RULES';

/** A rejection: a stable code and a sentence a player understands. */
export interface EngineError {
  readonly code: ErrorCode;
  readonly message: string;
}

/** Builds an error value. */
export function fail(code: ErrorCode, message: string): { ok: false; error: EngineError } {
  return { ok: false, error: { code, message } };
}
