/** A problem with what the user typed: printed on stderr, exit code 2. */
export class UsageError extends Error {}

/** Fails the command with a clear message and exit code 2. */
export function usage(message: string): never {
  throw new UsageError(message);
}
