// After a crash run: is every acknowledged action in the log, exactly once, and does each game
// replay to the state the server shows and verify against its commitment?
import { isDeepStrictEqual } from 'node:util';
import { replay } from '@zilch/engine';
import { api, connect, type Player } from '@zilch/testkit';
import type { GameView as View, LogAnswer } from '@zilch/protocol';

/** What the checks found: `problems` is empty when everything holds. */
export interface CheckReport {
  games: number;
  acked: number;
  retriedAfter: number;
  problems: string[];
}

/** Checks every game the players played on `base` (see the file comment). */
export async function checkGames(
  base: string,
  players: Player[],
  opts: { finished: boolean },
): Promise<CheckReport> {
  const problems: string[] = [];
  const games = new Map<string, Player[]>();
  for (const p of players) {
    for (const id of new Set([...p.acks.map((a) => a.gameId), p.gameId])) {
      games.set(id, [...(games.get(id) ?? []), p]);
    }
  }
  let acked = 0;
  for (const [id, ps] of games) {
    const view = (await api<View>(base, 'GET', `/api/games/${id}`)).body;
    const log = (await api<LogAnswer>(base, 'GET', `/api/games/${id}/log`)).body;
    if (!log.log) {
      problems.push(`${id}: no log (${JSON.stringify(log)})`);
      continue;
    }
    if (opts.finished && view.status !== 'over') problems.push(`${id}: not over (${view.status})`);
    if (log.log.entries.length !== view.seq) {
      problems.push(`${id}: log has ${log.log.entries.length} entries, view seq ${view.seq}`);
    }
    try {
      const replayed = replay(log.log).state;
      if (!isDeepStrictEqual(replayed, view.state))
        problems.push(`${id}: replay differs from the server state`);
    } catch (e) {
      problems.push(`${id}: log does not replay: ${String(e)}`);
    }
    const acks = ps.flatMap((p) => p.acks.filter((a) => a.gameId === id));
    acked += acks.length;
    for (const a of acks) {
      const at = log.seqs.indexOf(a.seq);
      const entry = log.log.entries[at];
      if (at < 0 || !entry) {
        problems.push(`${id}: acknowledged seq ${a.seq} (${a.clientId}) is missing from the log`);
        continue;
      }
      if (!isDeepStrictEqual(entry.action, { ...a.move, seat: a.seat })) {
        problems.push(
          `${id}: seq ${a.seq} holds ${JSON.stringify(entry.action)}, acked ${JSON.stringify(a.move)}`,
        );
      }
      if (log.actors[at] !== 'player') problems.push(`${id}: seq ${a.seq} is by ${log.actors[at]}`);
    }
    if (new Set(acks.map((a) => a.seq)).size !== acks.length)
      problems.push(`${id}: two acks share a seq`);
    const playerEntries = log.actors.filter((x) => x === 'player').length;
    if (playerEntries !== acks.length) {
      problems.push(
        `${id}: ${playerEntries} player entries in the log but ${acks.length} acknowledged`,
      );
    }
    if (view.status === 'over') {
      const v = (
        await api<{ ok: boolean; message: string }>(base, 'GET', `/api/games/${id}/verify`)
      ).body;
      if (!v.ok) problems.push(`${id}: verify failed: ${v.message}`);
    }
  }
  const retriedAfter = await retryAcks(base, players, problems);
  return { games: games.size, acked, retriedAfter, problems };
}

/** Re-sends every acknowledged intent with its client id: each must answer the same seq, nothing new applied. */
async function retryAcks(base: string, players: Player[], problems: string[]): Promise<number> {
  let n = 0;
  for (const p of players) {
    if (p.acks.length === 0) continue;
    const c = await connect(base);
    const joined = new Set<string>();
    for (const a of p.acks) {
      if (!joined.has(a.gameId)) {
        await c.ask('join', { gameId: a.gameId, token: p.o.token });
        joined.add(a.gameId);
      }
      const ack = await c.ask(
        'action',
        { gameId: a.gameId, clientId: a.clientId, action: a.move },
        5000,
      );
      n += 1;
      if (!ack?.ok || ack.seq !== a.seq) {
        problems.push(
          `${a.gameId}: retry of ${a.clientId} answered ${JSON.stringify(ack)}, first ack seq ${a.seq}`,
        );
      }
    }
    c.close();
  }
  return n;
}
