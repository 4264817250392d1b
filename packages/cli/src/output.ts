// C0 and C1 control characters, DEL, and the bidirectional overrides and isolates: any of them
// in a rule-set name or a file's text could move the cursor, recolour or hide what the terminal
// shows, so printed text shows them as escapes instead.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text from a user or a file made safe for a terminal: control characters shown as \xNN / \u{N}. */
export function printable(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const code = c.codePointAt(0) as number;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

// JSON.stringify escapes C0 controls itself; the rest of UNSAFE it passes through raw.
const UNSAFE_IN_JSON = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Prints a value as one line of JSON on stdout (no raw control characters, still valid JSON). */
export function printJson(value: unknown): void {
  const text = JSON.stringify(value).replace(
    UNSAFE_IN_JSON,
    (c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`,
  );
  process.stdout.write(`${text}\n`);
}
