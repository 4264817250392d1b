// Game analysis: every decision ranked by the coach (strategy threads, never this event loop),
// turned into accuracy per seat by @zilch/strategy's pure accuracy module, stored once exact.
import type { GameState, RuleSet } from '@zilch/engine';
import type { AccuracyTrend, AdviceOption, GameAccuracy } from '@zilch/protocol';
import { gameAccuracy, THRESHOLDS, type Advice, type PoolResult } from '@zilch/strategy/node';
import { ok, refuse, type Result } from '../games/errors.ts';
import { presetMatching } from '../games/preset-of.ts';
import type { GameService } from '../games/service.ts';
import type { AnalysisStore } from './store.ts';

/** Ranks one position in a strategy thread (the coach's `adviceFor`). */
export type Ranker = (state: GameState) => Promise<PoolResult<Advice>>;

// A busy pool is waited out a few times (the coach's queue is shared with bots) before the
// request is refused with BUSY; the client may ask again.
const BUSY_TRIES = 6;
const BUSY_WAIT_MS = 250;
// The trend lists this many analysed games per player at most.
const TREND_GAMES = 200;

/** The preset a rule set is exactly, or 'custom'. */
function presetName(rules: RuleSet): string {
  return presetMatching(rules) ?? 'custom';
}

class Busy extends Error {}

/** Accuracy of finished games, and each account's accuracy trend per preset. */
export class AnalysisService {
  // One analysis per game at a time in this process: a second request waits for the first.
  private readonly running = new Map<string, Promise<Result<GameAccuracy>>>();

  constructor(
    private readonly store: AnalysisStore,
    private readonly games: GameService,
    private readonly rank: Ranker,
    private readonly now: () => number = Date.now,
  ) {}

  /** A finished game's analysis: stored, or computed now (and stored when exact). */
  async game(gameId: string): Promise<Result<GameAccuracy>> {
    const stored = await this.store.get(gameId);
    if (stored) return ok(stored);
    const run = this.running.get(gameId) ?? this.analyse(gameId);
    this.running.set(gameId, run);
    try {
      return await run;
    } finally {
      this.running.delete(gameId);
    }
  }

  private async analyse(gameId: string): Promise<Result<GameAccuracy>> {
    const view = await this.games.viewFor(gameId);
    if (!view.ok) return view;
    if (view.value.status !== 'over')
      return refuse('NOT_OVER', 'A game is analysed once it is over.', 409);
    const log = await this.games.log(gameId);
    if (!log.ok) return log;
    let provisional = false;
    const rankOne = async (state: GameState): Promise<Advice | null> => {
      for (let i = 0; i < BUSY_TRIES; i++) {
        const r = await this.rank(state);
        if (r.ok) {
          if (r.winEtaSeconds) provisional = true;
          return r.value;
        }
        if (r.code !== 'BUSY') return null;
        await new Promise((res) => setTimeout(res, BUSY_WAIT_MS * (i + 1)));
      }
      throw new Busy();
    };
    let result: Awaited<ReturnType<typeof gameAccuracy>>;
    try {
      result = await gameAccuracy(log.value.log, rankOne);
    } catch (e) {
      if (e instanceof Busy)
        return refuse('BUSY', 'The coach is busy: ask for this analysis again in a minute.', 503);
      throw e;
    }
    const answer: GameAccuracy = {
      gameId,
      preset: presetName(log.value.log.rules),
      seats: result.seats,
      graded: result.losses.flatMap((l) => {
        const a = result.advice.get(l.index);
        if (!l.judgement || !a) return [];
        return [{ ...l, judgement: l.judgement, options: wire(a.options) }];
      }),
      thresholds: { win: { ...THRESHOLDS.win }, points: { ...THRESHOLDS.points } },
      provisional,
    };
    if (!provisional) await this.store.put(answer, this.now());
    return ok(answer);
  }

  /** An account's analysed games per preset, newest first, with the mean accuracy of each. */
  async trend(userId: string): Promise<AccuracyTrend> {
    const rows = await this.store.forUser(userId, TREND_GAMES);
    const by = new Map<string, AccuracyTrend['presets'][number]['games']>();
    for (const r of rows) {
      const seat = r.analysis.seats.find((s) => s.seat === r.seat);
      if (!seat || seat.accuracy === null) continue;
      const list = by.get(r.analysis.preset) ?? [];
      list.push({
        gameId: r.analysis.gameId,
        at: r.at,
        seat: r.seat,
        accuracy: seat.accuracy,
        kind: seat.kind,
      });
      by.set(r.analysis.preset, list);
    }
    return {
      presets: [...by.entries()].map(([p, games]) => ({
        preset: p,
        mean: Math.round((10 * games.reduce((s, g) => s + g.accuracy, 0)) / games.length) / 10,
        games,
      })),
    };
  }
}

/** The coach's options as the protocol sends them (the server's own moves never appear). */
function wire(options: Advice['options']): AdviceOption[] {
  return options.flatMap(({ move, ...o }) =>
    move.type === 'timeout' || move.type === 'forfeit' || move.type === 'abort'
      ? []
      : [{ ...o, move }],
  );
}
