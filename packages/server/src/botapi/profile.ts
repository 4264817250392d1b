// A bot's page (issue 27, "a page per bot with its games"): its ratings on the bot ladder per
// preset and its newest games, each with the opponent (marked when a bot too) and the result.
import type { BotProfile, BotProfileGame } from '@zilch/protocol';
import { ok, refuse, type Result } from '../games/errors.ts';
import type { SeatRecord } from '../store/records.ts';
import { houseBotOf } from './house.ts';
import type { BotStore } from './store.ts';

/** Games a bot's page lists. */
const GAMES_SHOWN = 50;

/** The page of a bot account (a built-in bot's too), or NOT_FOUND for any other id. */
export async function botProfile(store: BotStore, id: string): Promise<Result<BotProfile>> {
  const who = await store.botName(id);
  if (!who) return refuse('NOT_FOUND', 'No bot account has this id.', 404);
  const [ratings, rows] = await Promise.all([store.ratingsOf(id), store.gamesOf(id, GAMES_SHOWN)]);
  const { won, linked } = await store.resultsOf(rows.map((r) => r.gameId));
  const bots = await store.botsAmong([...new Set(linked.map((l) => l.user_id))]);
  const games = rows.map((r): BotProfileGame => {
    const seats = JSON.parse(r.seats) as SeatRecord[];
    const other = seats.findIndex((_, i) => i !== r.seat);
    const them = seats[other];
    const themAccount = linked.find((l) => l.game_id === r.gameId && l.seat === other)?.user_id;
    const winners = won.filter((w) => w.game_id === r.gameId && w.won === 1).map((w) => w.seat);
    const mine = winners.includes(r.seat);
    const result =
      r.status !== 'over' || winners.length === 0
        ? null
        : mine && winners.length > 1
          ? 'draw'
          : mine
            ? 'win'
            : 'loss';
    return {
      gameId: r.gameId,
      seat: r.seat,
      status: r.status,
      preset: r.preset,
      opponent: {
        name: them?.name ?? '—',
        bot:
          them?.kind === 'bot' ||
          Boolean(them?.botAccount) ||
          (themAccount !== undefined && bots.has(themAccount)),
      },
      result,
      at: r.at,
    };
  });
  return ok({
    id,
    name: who.name ?? id,
    bot: true,
    house: houseBotOf(id),
    ratings: ratings.map((r) => ({
      preset: r.preset,
      rating: Math.round(Number(r.rating)),
      deviation: Math.round(Number(r.rd)),
      games: Number(r.games),
      wins: Number(r.wins),
    })),
    games,
  });
}
