// The one place the app calls the server's JSON routes. It imports nothing of the app's own
// state, so account.ts and api.ts can both use it without importing each other.
import { err, ok, type Result } from './result.ts';

/** Calls a JSON route; any failure (network, status, body) comes back as `{ code, message }`. */
export async function call<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  token?: string,
): Promise<Result<T>> {
  let res: Response;
  // Tokens ride in a header, never in the URL: URLs end up in logs, history and Referer.
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (_e) {
    return err('NETWORK', 'The server cannot be reached. Check your connection and try again.');
  }
  let data: unknown;
  try {
    data = await res.json();
  } catch (_e) {
    data = null;
  }
  if (!res.ok) {
    const e = (data as { error?: { code?: string; message?: string } } | null)?.error ?? data;
    const { code, message } = (e ?? {}) as { code?: string; message?: string };
    return err(code ?? `HTTP_${res.status}`, message ?? `The server answered ${res.status}.`);
  }
  return ok(data as T);
}
