// Puzzles cut from games (docs/puzzles.md): positions where the exact two-player solution's best
// option beats the next by a clear margin and is not the obvious one (the option that maximises
// the turn's expected points, which the `expected` bot plays). Pure: the caller ranks positions
// (the advisor directly, or a strategy-pool job), so the server, the CLI, the bench and the tests
// share one definition.
import {
  applyAction,
  lean,
  legalActions,
  seededDice,
  type GameLog,
  type GameState,
  type RuleSet,
  canonicalRules,
  sortKeys,
} from '@zilch/engine';
import type { Advice, AdviceOption, Move } from '../advisor/types.ts';
import { loggedDecisions } from '../analysis/accuracy.ts';
import { createBot, type BotId } from '../bots/index.ts';

/** What a puzzle is about; a position may have several themes, or none. */
export const PUZZLE_THEMES = ['offers', 'final-round', 'hot-dice', 'few-dice', 'opening'] as const;
/** What a puzzle is about. */
export type PuzzleTheme = (typeof PUZZLE_THEMES)[number];

/**
 * Most options a puzzle may have: every option is a button on one phone screen (375 × 667), and
 * a position with a dozen keeps is a list to read, not a puzzle to see.
 */
export const PUZZLE_MAX_OPTIONS = 6;

/** Default clear margin: the best option wins this much more often than the next (0..1). */
export const PUZZLE_MARGIN = 0.03;

/** One puzzle: a position, every option valued by the exact solution, best first. */
export interface Puzzle {
  /** Stable id from the rules and the position (the same position found twice is one puzzle). */
  readonly id: string;
  readonly state: GameState;
  /** Every option in 'win' terms, best first (value = win probability 0..1). */
  readonly options: readonly AdviceOption[];
  /** Index in `options` of the obvious option (the highest expected points of the turn). */
  readonly obvious: number;
  /** Win probability the best option has over the next, 0..1. */
  readonly margin: number;
  readonly themes: readonly PuzzleTheme[];
  /** Where it was found: 'self-play' or 'game:<id>'. */
  readonly source: string;
}

/** Ranks a position: 'win' from the exact solution, 'points' the turn's expected points. */
export type PuzzleRanker = (
  state: GameState,
  mode: 'win' | 'points',
) => Promise<Advice | null> | Advice | null;

/** FNV-1a, 2 × 32 bits: a short stable hash without node:crypto (strategy stays pure). */
export function stableHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
    b ^= b >>> 15;
  }
  return a.toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/**
 * The dedup key of a position: what a decision depends on and nothing else, so the same position
 * found twice (by self-play and in a stored game, on either store) is one puzzle. The rules in
 * their canonical form (a renamed copy, another turn timer or who started play the same; object
 * keys in one order, as a PostgreSQL jsonb round trip would not keep them) and the roll as a
 * multiset (the order the dice fell in changes no option).
 */
export function puzzleKey(state: GameState): string {
  const { rules, scores, onBoard, zilchStreak, current, phase, turn, offer, finalRound } = state;
  const t = { ...turn, roll: turn.roll ? [...turn.roll].sort((a, b) => a - b) : null };
  return JSON.stringify(
    sortKeys([
      canonicalRules(rules),
      scores,
      onBoard,
      zilchStreak,
      current,
      phase,
      t,
      offer,
      finalRound,
    ]),
  );
}

/** The puzzle id of a position: a short hash of its dedup key (`puzzleKey`). */
export function puzzleId(state: GameState): string {
  return stableHash(puzzleKey(state));
}

function sameMove(a: Move, b: Move): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function rollsOn(m: Move, s: GameState): number | null {
  if (m.type === 'roll') return s.turn.available;
  if (m.type === 'keep' && m.then !== 'bank') {
    const left = s.turn.available - m.dice.length;
    return left === 0 ? s.rules.dice : left;
  }
  return null;
}

function banks(m: Move): boolean {
  return m.type === 'bank' || (m.type === 'keep' && m.then === 'bank');
}

/**
 * The themes of a position and its two leading options: an offer to take or leave, the final
 * round, hot dice (a keep of every die, or a decision right after one), banking against rolling
 * one or two dice, and the opening (nobody has scored yet).
 */
export function puzzleThemes(s: GameState, options: readonly AdviceOption[]): PuzzleTheme[] {
  const out: PuzzleTheme[] = [];
  if (s.phase === 'choose' && s.offer) out.push('offers');
  if (s.finalRound) out.push('final-round');
  const allKept = options.some(
    (o) => o.move.type === 'keep' && o.move.dice.length === s.turn.available,
  );
  if (allKept || (s.phase === 'decide' && s.turn.hot)) out.push('hot-dice');
  const top = options.slice(0, 2).map((o) => o.move);
  const fewRoll = top.some((m) => {
    const n = rollsOn(m, s);
    return n !== null && n <= 2 && !(m.type === 'keep' && m.dice.length === s.turn.available);
  });
  if (fewRoll && top.some(banks)) out.push('few-dice');
  if (s.scores.every((x) => x === 0) && !s.finalRound) out.push('opening');
  return out;
}

/**
 * The puzzle in a position, or null when it is none: fewer than two options or more than
 * `PUZZLE_MAX_OPTIONS`, no exact win analysis, the best option not ahead of the next by `margin`, or the best being the obvious one.
 */
export async function puzzleAt(
  state: GameState,
  rank: PuzzleRanker,
  source: string,
  margin = PUZZLE_MARGIN,
): Promise<Puzzle | null> {
  if (state.phase === 'over' || state.players !== 2) return null;
  if (legalActions(state).length < 2) return null;
  const win = await rank(state, 'win');
  if (!win || win.kind !== 'win' || win.options.length < 2) return null;
  if (win.options.length > PUZZLE_MAX_OPTIONS) return null;
  const [best, next] = win.options;
  if (!best || !next || best.value - next.value < margin) return null;
  // Every other option hopeless (under 1 %): the best is the only move that does not lose,
  // plain to anyone who reads the scores: no puzzle.
  if (next.value < 0.01) return null;
  const points = await rank(state, 'points');
  const top = points?.options[0];
  if (!top || sameMove(top.move, best.move)) return null;
  const obvious = win.options.findIndex((o) => sameMove(o.move, top.move));
  if (obvious < 1) return null;
  return {
    id: puzzleId(state),
    state: structuredClone(state),
    options: win.options,
    obvious,
    margin: best.value - next.value,
    themes: puzzleThemes(state, win.options),
    source,
  };
}

/** Bounds on cutting puzzles from one stored game. */
export interface FromLogOptions {
  readonly margin?: number;
  /** Stop once this many puzzles are found (a game gives a few at most: keep it cheap). */
  readonly max?: number;
  /** Asked before every decision: true stops at once (a server shutting down). */
  readonly stop?: () => boolean;
}

/**
 * The puzzles of a stored game's log, in game order (two-player games only), deduplicated by
 * position; `source` names the game ('game:<id>').
 */
export async function puzzlesFromLog(
  log: GameLog,
  rank: PuzzleRanker,
  source: string,
  o: FromLogOptions = {},
): Promise<Puzzle[]> {
  const out: Puzzle[] = [];
  const seen = new Set<string>();
  if (log.players !== 2) return out;
  for (const d of loggedDecisions(log)) {
    if (o.stop?.()) break;
    const p = await puzzleAt(d.state, rank, source, o.margin);
    if (p && !seen.has(p.id)) {
      seen.add(p.id);
      out.push(p);
      if (o.max !== undefined && out.length >= o.max) break;
    }
  }
  return out;
}

/** How self-play is run for puzzles. */
export interface SelfPlayOptions {
  readonly games: number;
  readonly seed: number;
  readonly rank: PuzzleRanker;
  readonly margin?: number;
  /** Stop once this many puzzles are found. */
  readonly max?: number;
  /** Stop starting games after this time (epoch ms, compared with `now`). */
  readonly deadline?: number;
  readonly now?: () => number;
  /** Asked before every decision: true stops at once (a server shutting down). */
  readonly stop?: () => boolean;
  /**
   * The two players, alternating seats by game. Default: `cautious` against `bold`, cheap
   * players whose games pass through varied positions (a bot that plays well avoids the
   * positions where the obvious move is wrong, but the puzzle is about the position).
   */
  readonly bots?: readonly [BotId, BotId];
}

/**
 * Puzzles from self-played two-player games, deterministic in `seed` (dice and bots seeded),
 * deduplicated by position, in the order found.
 */
export async function selfPlayPuzzles(rules: RuleSet, o: SelfPlayOptions): Promise<Puzzle[]> {
  const now = o.now ?? Date.now;
  const [b0, b1] = o.bots ?? ['cautious', 'bold'];
  const out: Puzzle[] = [];
  const seen = new Set<string>();
  for (let g = 0; g < o.games; g++) {
    if (o.deadline !== undefined && now() >= o.deadline) break;
    const ids = g % 2 === 0 ? [b0, b1] : [b1, b0];
    const bots = ids.map((id, s) => createBot(id, rules, o.seed * 7919 + g * 2 + s));
    const dice = seededDice(o.seed * 104_729 + g);
    let state: GameState = lean.initialState(rules, 2, 0);
    while (state.phase !== 'over') {
      if (o.stop?.()) return out;
      const p = await puzzleAt(state, o.rank, 'self-play', o.margin);
      if (p && !seen.has(p.id)) {
        seen.add(p.id);
        out.push(p);
        if (o.max !== undefined && out.length >= o.max) return out;
      }
      const r = applyAction(state, bots[state.current]!.decide(state), dice);
      if (!r.ok) throw new Error(`self-play: ${r.error.message}`);
      state = r.state;
    }
  }
  return out;
}

/** The day's puzzle among `count`, the same for everyone: a hash of the UTC date 'YYYY-MM-DD'. */
export function dailyIndex(day: string, count: number): number {
  if (count <= 0) return -1;
  return Number.parseInt(stableHash(`daily:${day}`).slice(0, 8), 16) % count;
}

/** The UTC date of an instant as 'YYYY-MM-DD'. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}
