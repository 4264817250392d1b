// Ratings as the routes and the game end see them: applying finished rated games (now, and
// again at start-up and on a timer for any a crash left), profiles and the leaderboard.
import type {
  GameRating,
  Leaderboard,
  LeaderboardRow,
  PlayerRatings,
  Rating,
} from '@zilch/protocol';
import type { Logger } from 'pino';
import { colourOf } from '../accounts/service.ts';
import { NEW_PLAYER, rateGame } from './glicko.ts';
import type { BoardRow, RatingRow, RatingStore } from '../store/rating-store.ts';

/** The leaderboard rules (ZILCH_LEADERBOARD_MIN_GAMES, ZILCH_PROVISIONAL_RD). */
export interface BoardRules {
  readonly minGames: number;
  readonly provisionalRd: number;
}

/** Ratings: Glicko-2 per preset for rated two-player games between accounts. */
export class RatingService {
  constructor(
    readonly store: RatingStore,
    private readonly rules: BoardRules,
    private readonly log: Logger,
  ) {}

  /** Applies a game that has just ended, if it is rated (a failure is left to the sweep). */
  async finished(gameId: string): Promise<void> {
    try {
      const outcome = await this.store.apply(gameId, Date.now());
      if (outcome !== 'none') this.log.info({ gameId, outcome }, 'rated game applied');
    } catch (err) {
      this.log.warn({ err, gameId }, 'rating not applied yet; the sweep retries');
    }
  }

  /** A player's rating in a preset for quick match: Glicko-2's starting 1500 before any rated game. */
  async ratingOf(userId: string, preset: string): Promise<number> {
    const row = (await this.store.ratingsOf(userId)).find((r) => r.preset === preset);
    return row?.rating ?? 1500;
  }

  /** Applies every finished rated game still pending; answers how many it found. */
  async sweep(): Promise<number> {
    const ids = await this.store.pending();
    for (const id of ids) await this.finished(id);
    return ids.length;
  }

  private wire(r: RatingRow): Rating {
    return {
      preset: r.preset,
      rating: r.rating,
      deviation: r.rd,
      volatility: r.vol,
      games: r.games,
      wins: r.wins,
      provisional: r.rd > this.rules.provisionalRd,
    };
  }

  /** A player's public rating profile, or null when there is no such account. */
  async player(userId: string): Promise<PlayerRatings | null> {
    const who = await this.store.player(userId);
    if (!who) return null;
    const [ratings, history] = await Promise.all([
      this.store.ratingsOf(userId),
      this.store.historyOf(userId),
    ]);
    return {
      player: {
        id: userId,
        name: who.name ?? 'Player',
        colour: colourOf(who),
        ...(who.bot ? { bot: true } : {}),
      },
      ratings: ratings.map((r) => this.wire(r)),
      history: history.map((h) => ({
        gameId: h.gameId,
        preset: h.preset,
        at: h.at,
        rating: h.rating,
        deviation: h.rd,
        change: h.rating - h.ratingBefore,
        result: h.score === 1 ? 'win' : h.score === 0 ? 'loss' : 'draw',
        opponent: h.opponentName,
        ...(h.opponentBot ? { opponentBotAccount: h.opponentBot } : {}),
      })),
    };
  }

  /** The leaderboard of a preset (default: the one with most rated players). */
  async leaderboard(preset: string | undefined, limit = 100): Promise<Leaderboard> {
    const presets = await this.store.presets();
    const shown = preset ?? presets[0] ?? null;
    const rows = shown ? await this.store.board(shown, this.rules.minGames, 1000) : [];
    const settled = rows.filter((r) => r.rd <= this.rules.provisionalRd).slice(0, limit);
    const provisional = rows.filter((r) => r.rd > this.rules.provisionalRd).slice(0, limit);
    return {
      preset: shown,
      presets,
      minGames: this.rules.minGames,
      provisionalDeviation: this.rules.provisionalRd,
      players: ranked(settled),
      provisional: ranked(provisional),
    };
  }

  /** Whether a game is rated and what its end changed. */
  async game(gameId: string): Promise<GameRating> {
    const r = await this.store.ratedGame(gameId);
    if (!r) return { rated: false, preset: null, status: 'unrated', changes: [], stakes: [] };
    const status = r.outcome ?? 'pending';
    return {
      rated: true,
      preset: r.preset,
      status,
      changes: status === 'applied' ? await this.store.changesOf(gameId) : [],
      stakes: status === 'pending' ? await this.stakes(gameId, r.preset) : [],
    };
  }

  /**
   * What a rated game in play puts at stake: each seat's rating now and what a win, a shared win
   * or a loss would make of it, worked out as `apply` will (one Glicko-2 period of this game).
   * Empty until two accounts sit at the table.
   */
  private async stakes(gameId: string, preset: string): Promise<GameRating['stakes']> {
    const seats = await this.store.seatRatings(gameId, preset);
    const [a, b] = seats;
    if (seats.length !== 2 || !a?.account || !b?.account || a.account === b.account) return [];
    const ra = a.rating ?? NEW_PLAYER;
    const rb = b.rating ?? NEW_PLAYER;
    const delta = (score: number) => {
      const [na, nb] = rateGame(ra, rb, score);
      return [na.rating - ra.rating, nb.rating - rb.rating] as const;
    };
    const win = delta(1);
    const draw = delta(0.5);
    const loss = delta(0);
    return [
      {
        seat: a.seat,
        rating: ra.rating,
        deviation: ra.rd,
        win: win[0],
        draw: draw[0],
        loss: loss[0],
      },
      {
        seat: b.seat,
        rating: rb.rating,
        deviation: rb.rd,
        win: loss[1],
        draw: draw[1],
        loss: win[1],
      },
    ];
  }
}

function ranked(rows: BoardRow[]): LeaderboardRow[] {
  return rows.map((r, i) => ({
    rank: i + 1,
    playerId: r.userId,
    name: r.name ?? 'Player',
    colour: colourOf(r),
    rating: r.rating,
    deviation: r.rd,
    games: r.games,
    wins: r.wins,
  }));
}
