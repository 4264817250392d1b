// Tables for the suites: created over HTTP, every human seat taken by a scripted player.
import { presetRules } from '@zilch/engine';
import type { Created, SeatSpec } from '@zilch/protocol';
import { claimSeat, createGame, pool } from './http.ts';
import { Player, type PlayerOptions, type PlayerStats } from './player.ts';

/** Two scripted humans and a bot: both kinds of seat on every table. */
export const MIXED_SEATS: SeatSpec[] = [
  { kind: 'human' },
  { kind: 'human' },
  { kind: 'bot', bot: 'cautious' },
];

/** The default preset with a lower target, so games end within seconds in tests. */
export function shortRules(target: number): Record<string, unknown> {
  const r = presetRules('serendipity-creak');
  if (!r.ok) throw new Error(r.error.message);
  return { ...r.rules, name: `short ${target}`, target };
}

/** Options for `openTables`. */
export interface OpenOptions {
  tables: number;
  /** Where table i is created. */
  createOn: (table: number) => string;
  /** Servers the player of table i, human h connects to (first preferred). */
  urlsFor: (table: number, human: number) => string[];
  rules: string | Record<string, unknown>;
  seats?: SeatSpec[];
  think: () => number;
  stats: PlayerStats;
  rematch?: boolean;
  games?: number;
  /** How players choose moves (default `pickMove`). */
  pick?: PlayerOptions['pick'];
  /** The name every seat is claimed under (default "Scripted"). */
  name?: string;
  concurrency?: number;
}

/** Creates the tables, connects a player per human seat and claims every seat (games start). */
export async function openTables(
  o: OpenOptions,
): Promise<{ created: Created[]; players: Player[] }> {
  const seats = o.seats ?? MIXED_SEATS;
  const created: Created[] = new Array(o.tables);
  const c = o.concurrency ?? 50;
  await pool(
    Array.from({ length: o.tables }, (_, i) => i),
    c,
    async (i) => {
      created[i] = await createGame(o.createOn(i), o.rules, seats);
    },
  );
  const players: { p: Player; url: string; token: string; gameId: string }[] = [];
  created.forEach((t, i) => {
    t.seats
      .filter((s) => s.token)
      .forEach((s, h) => {
        const urls = o.urlsFor(i, h);
        const opts: PlayerOptions = {
          gameId: t.gameId,
          token: s.token as string,
          urls,
          think: o.think,
          stats: o.stats,
          rematch: h === 0 && o.rematch === true,
          ...(o.games !== undefined ? { games: o.games } : {}),
          ...(o.pick ? { pick: o.pick } : {}),
        };
        players.push({
          p: new Player(opts),
          url: urls[0] as string,
          token: s.token as string,
          gameId: t.gameId,
        });
      });
  });
  await pool(players, c, (x) => x.p.start());
  await pool(players, c, async (x) => {
    await claimSeat(x.url, x.gameId, x.token, o.name ?? 'Scripted');
  });
  return { created, players: players.map((x) => x.p) };
}
