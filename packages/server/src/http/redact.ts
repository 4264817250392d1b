// Keeping seat tokens out of logs: whatever a client sends, a log line never carries a token.

/** Query parameters that carry tokens (old links and clients). */
const TOKEN_PARAMS = new Set(['token', 'tokens']);

/** Log paths pino blanks: the headers tokens travel in, wherever a request object is logged. */
export const TOKEN_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-zilch-tokens"]',
  'headers.authorization',
  'headers["x-zilch-tokens"]',
] as const;

/** The query part of a URL as decoded name/value pairs; a malformed escape reads as its raw text. */
function queryOf(url: string): URLSearchParams | null {
  const q = url.indexOf('?');
  return q < 0 ? null : new URLSearchParams(url.slice(q + 1));
}

/** Whether a request URL carries a token in its query (names compared decoded, any case). */
export function tokenInQuery(url: string): boolean {
  const q = queryOf(url);
  if (!q) return false;
  for (const name of q.keys()) if (TOKEN_PARAMS.has(name.toLowerCase())) return true;
  return false;
}

/** The URL with every token query value replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  if (!tokenInQuery(url)) return url;
  const q = url.indexOf('?');
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const raw = eq < 0 ? part : part.slice(0, eq);
    let name = raw;
    try {
      name = decodeURIComponent(raw.replaceAll('+', ' '));
    } catch {
      // an undecodable name is compared as written
    }
    return TOKEN_PARAMS.has(name.toLowerCase()) ? `${raw}=[redacted]` : part;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}
