// Puzzles as the routes see them (docs/puzzles.md): the next puzzle near a rating, the daily
// one, an attempt checked here (the client only names its choice) and rated with Glicko-2,
// and the bank made from self-play (at start when empty, in bounded time, or by a command).
import type { RuleSet } from '@zilch/engine';
import type {
  Puzzle,
  PuzzleGlicko,
  PuzzleMe,
  PuzzleSource,
  PuzzleTheme,
  PuzzleVerdict,
} from '@zilch/protocol';
import {
  selfPlayPuzzles,
  utcDay,
  type Puzzle as FoundPuzzle,
  type PuzzleRanker,
} from '@zilch/strategy';
import { ok, refuse, type Result } from '../games/errors.ts';
import { NEW_PLAYER, ratePeriod, type Glicko } from '../ratings/glicko.ts';
import type { PuzzleRow, PuzzleStore } from './store.ts';

// The next puzzle is drawn from this many nearest the player's rating, so two players (or two
// visits) at the same rating do not always get the same one.
const NEAREST = 12;

/** Who attempts: an account (rated on the server) or a guest (rated on the device). */
export type Solver = { account: string } | { guest: Glicko | null };

const wireGlicko = (g: Glicko): PuzzleGlicko => ({
  rating: g.rating,
  deviation: g.rd,
  volatility: g.vol,
});

/** A wire rating (a guest's device rating) as Glicko-2 numbers. */
export const glickoFromWire = (g: PuzzleGlicko): Glicko => ({
  rating: g.rating,
  rd: g.deviation,
  vol: g.volatility,
});

/** The options in the neutral order they are asked in (by their words): option id = index. */
function asked(row: PuzzleRow): { label: string; best: number }[] {
  return row.body.options
    .map((o, best) => ({ label: o.label, best }))
    .sort((a, b) => a.label.localeCompare(b.label) || a.best - b.best);
}

/**
 * Where a puzzle comes from, as anyone may see it: self-play, or a game with its day; the game's
 * id (a link to its review) only when its table was listed in the public lobby, since an
 * unlisted table's id is the key to it. Never a name.
 */
function sourceOf(row: PuzzleRow): PuzzleSource {
  const { source, playedAt, listed } = row.body;
  if (!source.startsWith('game:')) return { kind: 'self-play' };
  return {
    kind: 'game',
    playedAt: playedAt ?? row.createdAt,
    gameId: listed ? source.slice('game:'.length) : null,
  };
}

/** The puzzle bank and its ratings. */
export class PuzzleService {
  constructor(
    private readonly store: PuzzleStore,
    private readonly defaultPreset: string,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  private view(row: PuzzleRow, daily: string | null): Puzzle {
    return {
      id: row.id,
      preset: row.preset,
      state: row.body.state,
      options: asked(row).map((o, id) => ({ id, label: o.label })),
      themes: row.themes,
      rating: wireGlicko(row.rating),
      plays: row.plays,
      daily,
      source: sourceOf(row),
    };
  }

  /** A puzzle by id. */
  async byId(id: string): Promise<Result<Puzzle>> {
    const row = await this.store.get(id);
    return row ? ok(this.view(row, null)) : refuse('NOT_FOUND', 'No such puzzle.', 404);
  }

  /** Today's puzzle (UTC) of a preset, the same for everyone. */
  async daily(preset = this.defaultPreset): Promise<Result<Puzzle>> {
    const day = utcDay(this.now());
    const row = await this.store.daily(day, preset);
    return row ? ok(this.view(row, day)) : this.empty(preset);
  }

  /**
   * A puzzle near the solver's rating: an account's own (leaving out what it has tried), a
   * guest's as its device says (default the starting 1500).
   */
  async next(
    o: { preset?: string; theme?: PuzzleTheme; after?: string },
    who: { account: string } | { rating: number | undefined },
  ): Promise<Result<Puzzle>> {
    const preset = o.preset ?? this.defaultPreset;
    const userId = 'account' in who ? who.account : undefined;
    const rating =
      'account' in who
        ? ((await this.store.player(who.account))?.rating ?? NEW_PLAYER.rating)
        : (who.rating ?? NEW_PLAYER.rating);
    const base = { limit: NEAREST, ...(o.theme ? { theme: o.theme } : {}) };
    let rows = await this.store.near(preset, rating, {
      ...base,
      ...(o.after ? { exclude: o.after } : {}),
      ...(userId ? { userId } : {}),
    });
    // An account that has tried them all gets them again (unrated) rather than nothing.
    if (rows.length === 0 && userId)
      rows = await this.store.near(preset, rating, {
        ...base,
        ...(o.after ? { exclude: o.after } : {}),
      });
    const row = rows[Math.floor(this.random() * rows.length)];
    return row ? ok(this.view(row, null)) : this.empty(preset, o.theme);
  }

  private empty(preset: string, theme?: PuzzleTheme): Result<never> {
    return refuse(
      'NO_PUZZLES',
      `No puzzles${theme ? ` on ${theme}` : ''} for the rules "${preset}" yet.`,
      404,
    );
  }

  /**
   * Checks an answer: right when it is the best option. An account's first try rates it and
   * the puzzle; a guest's device rating is rated here and handed back, and never moves the
   * puzzle's (a device rating is whatever the client says it is). Bad input changes nothing.
   */
  async attempt(id: string, choice: number, who: Solver): Promise<Result<PuzzleVerdict>> {
    const row = await this.store.get(id);
    if (!row) return refuse('NOT_FOUND', 'No such puzzle.', 404);
    const order = asked(row);
    const pick = order[choice];
    if (!pick)
      return refuse(
        'BAD_CHOICE',
        `This puzzle has ${order.length} options: choose one of 0 to ${order.length - 1}.`,
      );
    const correct = pick.best === 0;
    let player: PuzzleVerdict['player'];
    let puzzle: Glicko & { plays: number } = { ...row.rating, plays: row.plays };
    if ('account' in who) {
      const r = await this.store.attempt(who.account, id, correct, this.now());
      if (!r) return refuse('NOT_FOUND', 'No such puzzle.', 404);
      puzzle = r.puzzle;
      player = {
        before: wireGlicko(r.before),
        after: wireGlicko(r.after),
        rated: r.rated,
        where: 'account',
      };
    } else {
      const before = who.guest ?? NEW_PLAYER;
      const after = ratePeriod(before, [{ opponent: row.rating, score: correct ? 1 : 0 }]);
      player = {
        before: wireGlicko(before),
        after: wireGlicko(after),
        rated: true,
        where: 'device',
      };
    }
    const idOf = new Map(order.map((o, i) => [o.best, i]));
    const best = row.body.options[0]?.value ?? 0;
    return ok({
      puzzleId: id,
      correct,
      chosen: choice,
      best: idOf.get(0) ?? 0,
      options: row.body.options.map((o, i) => ({
        id: idOf.get(i) ?? i,
        label: o.label,
        win: Math.min(1, Math.max(0, o.value)),
        loss: Math.max(0, best - o.value),
      })),
      themes: row.themes,
      player,
      puzzle: { ...wireGlicko(puzzle), plays: puzzle.plays },
    });
  }

  /** The solver's puzzle rating: an account's from the store, nothing for a guest. */
  async me(userId: string | null): Promise<PuzzleMe> {
    if (!userId) return { account: false, rating: null, attempts: 0, solved: 0 };
    const r = await this.store.player(userId);
    return {
      account: true,
      rating: wireGlicko(r ?? NEW_PLAYER),
      attempts: r?.attempts ?? 0,
      solved: r?.solved ?? 0,
    };
  }

  /** Each preset's bank size. */
  async banks(): Promise<{ preset: string; puzzles: number }[]> {
    return [...(await this.store.counts())].map(([preset, puzzles]) => ({ preset, puzzles }));
  }

  /**
   * Stores found puzzles in a preset's bank; answers how many were new (a position already in
   * the bank, from self-play or another game, keeps its first source). `game`: the stored game
   * they were cut from, when it ended and whether its table was listed.
   */
  async add(
    preset: string,
    found: readonly FoundPuzzle[],
    game?: { playedAt: number; listed: boolean },
  ): Promise<number> {
    return this.store.add(
      preset,
      found.map((p) => ({
        id: p.id,
        themes: p.themes,
        body: {
          state: p.state,
          options: p.options,
          obvious: p.obvious,
          margin: p.margin,
          source: p.source,
          ...(game ? { playedAt: game.playedAt, listed: game.listed } : {}),
        },
      })),
      this.now(),
    );
  }

  /**
   * Fills a preset's bank from self-play when it is empty, for at most `seconds` (games are
   * played one after another; the one under way when time runs out finishes). Answers the
   * number of puzzles added (0 when the bank had some).
   */
  async fillIfEmpty(
    preset: string,
    rules: RuleSet,
    rank: PuzzleRanker,
    o: { seconds: number; games?: number; seed?: number; max?: number; stop?: () => boolean },
  ): Promise<number> {
    if ((await this.store.counts()).get(preset)) return 0;
    const found = await selfPlayPuzzles(rules, {
      games: o.games ?? 10_000,
      seed: o.seed ?? 1,
      rank,
      // Wall-clock time, whatever clock the service is given: this bounds real work.
      deadline: Date.now() + o.seconds * 1000,
      ...(o.max !== undefined ? { max: o.max } : {}),
      ...(o.stop ? { stop: o.stop } : {}),
    });
    return this.add(preset, found);
  }
}
