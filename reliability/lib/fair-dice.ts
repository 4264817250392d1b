// An independent re-implementation of the dice derivation of docs/protocol.md (export format 2),
// to check the server's published commitment and rolls without using its code.
import { createHash, createHmac } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** JSON with every object's keys sorted and no spaces, as the protocol hashes it. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
}

/** The commitment shown before the first roll: binds the server seed, the game id, the seat count and the rules. */
export function commitment(
  serverSeed: string,
  game: { id: string; players: number; rules: unknown },
): string {
  const setupHash = sha256(canonical({ game: game.id, players: game.players, rules: game.rules }));
  return sha256(`zilch/commit/2\n${setupHash}\n${sha256(serverSeed)}`);
}

/** The first `count` dice of the stream HMAC-SHA256(serverSeed, JSON(playerSeeds) + "\n" + counter). */
export function diceStream(
  serverSeed: string,
  playerSeeds: readonly string[],
  count: number,
): number[] {
  const out: number[] = [];
  for (let counter = 0; out.length < count; counter++) {
    const block = createHmac('sha256', Buffer.from(serverSeed, 'utf8'))
      .update(`${JSON.stringify(playerSeeds)}\n${counter}`, 'utf8')
      .digest();
    for (const b of block) if (b < 252 && out.length < count) out.push((b % 6) + 1);
  }
  return out;
}
