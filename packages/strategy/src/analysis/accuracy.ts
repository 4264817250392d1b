// Accuracy of a game, from the advisor's ranking of each decision (docs/server.md, "Accuracy").
// Pure: the caller gets the rankings (in a worker thread, from the pool, or directly in a bench)
// and hands them here, so the server, the bench and the tests share one definition.
import {
  applyAction,
  createGame,
  legalActions,
  recordedDice,
  type Action,
  type GameLog,
  type GameState,
} from '@zilch/engine';
import type { Advice, AdviceOption } from '../advisor/types.ts';

/** One decision of a game: the position it was taken in and what was done. */
export interface LoggedDecision {
  /** Index of the action in the game's log. */
  readonly index: number;
  readonly state: GameState;
  readonly action: Action;
}

/** How bad a decision was: nothing, or one of the three grades (thresholds below). */
export type Judgement = 'inaccuracy' | 'mistake' | 'blunder';

/**
 * Losses at or above these are graded, in the unit of the advice: percentage points of win
 * probability ('win'), or expected points of the turn ('points', when no exact win analysis
 * exists for the rules). The points scale is a rough exchange (about 50 points per percentage
 * point at a 10,000 target), stated as such wherever it is shown.
 */
export const THRESHOLDS = {
  win: { inaccuracy: 2, mistake: 5, blunder: 10 },
  points: { inaccuracy: 100, mistake: 250, blunder: 500 },
} as const;

/**
 * Scale of the accuracy curve f(loss) = exp(-loss / scale): a decision that loses nothing
 * scores 1, one that loses `scale` (1 percentage point, or 50 expected points) scores 0.37,
 * an inaccuracy's 2 points 0.14. Chosen so `optimal` scores 100 and `random` scores low
 * (`npm run bench -- accuracy`: about 42 on the presets, `cautious` 74–91, `expected` 98–99).
 */
export const SCALE = { win: 1, points: 50 } as const;

// Float noise of the solver: an option within this of the best is the best.
const EPS = { win: 1e-9, points: 1e-6 } as const;

/**
 * A position counts as a decision only when something is at stake: an inaccuracy was possible,
 * its worst option losing at least the inaccuracy threshold. Choosing among near-equal keeps is
 * no decision, and counting it would lift every player's accuracy (even `random`'s) towards 100.
 */
export const AT_STAKE = {
  win: THRESHOLDS.win.inaccuracy,
  points: THRESHOLDS.points.inaccuracy,
} as const;

/** One analysed decision: who, how much it lost (in the advice's unit) and its grade. */
export interface DecisionLoss {
  readonly index: number;
  readonly seat: number;
  readonly kind: Advice['kind'];
  /** Percentage points of win probability ('win') or expected points ('points'); ≥ 0. */
  readonly loss: number;
  readonly judgement: Judgement | null;
}

/** A seat's accuracy over a game. */
export interface SeatAccuracy {
  readonly seat: number;
  /** 0–100: 100 × the mean of f(loss) over the seat's decisions; null with no decisions. */
  readonly accuracy: number | null;
  /** 'win' when every decision had an exact win analysis, else 'points' (approximate). */
  readonly kind: Advice['kind'];
  readonly decisions: number;
  /** Mean loss per decision, in the unit of `kind`. */
  readonly meanLoss: number;
  readonly inaccuracies: number;
  readonly mistakes: number;
  readonly blunders: number;
}

/**
 * Replays a log into the decisions worth judging: every action a player chose (not the
 * server's timeouts). Stops at the first entry that does not apply (a corrupt log).
 */
export function loggedDecisions(log: GameLog): LoggedDecision[] {
  const created = createGame(log.rules, log.players, recordedDice(log.setupDice));
  if (!created.ok) return [];
  let state = created.state;
  const out: LoggedDecision[] = [];
  for (const [index, entry] of log.entries.entries()) {
    if (entry.action.type !== 'timeout') out.push({ index, state, action: entry.action });
    const r = applyAction(state, entry.action, recordedDice(entry.dice));
    if (!r.ok) break;
    state = r.state;
  }
  return out;
}

function keptFaces(state: GameState, positions: readonly number[]): string {
  const roll = state.turn.roll ?? [];
  return positions
    .map((p) => roll[p] ?? 0)
    .sort((a, b) => a - b)
    .join(',');
}

/** The option of a ranking that is the move played (keeps match by the faces they keep). */
export function playedOption(
  state: GameState,
  action: Action,
  advice: Advice,
): AdviceOption | null {
  let found: AdviceOption | null = null;
  for (const o of advice.options) {
    if (o.move.type !== action.type) continue;
    if (action.type === 'keep' && o.move.type === 'keep') {
      if (keptFaces(state, o.move.dice) !== keptFaces(state, action.dice)) continue;
      if (action.then !== undefined && o.move.then !== action.then) continue;
    }
    if (!found || o.loss < found.loss) found = o;
  }
  return found;
}

/** The grade of a loss (in the unit of `kind`), or null under the inaccuracy threshold. */
export function judge(kind: Advice['kind'], loss: number): Judgement | null {
  const t = THRESHOLDS[kind];
  if (loss >= t.blunder) return 'blunder';
  if (loss >= t.mistake) return 'mistake';
  if (loss >= t.inaccuracy) return 'inaccuracy';
  return null;
}

/** f(loss) in 0..1: 1 for the best move, falling as the loss grows. */
export function decisionScore(kind: Advice['kind'], loss: number): number {
  return Math.exp(-Math.max(0, loss) / SCALE[kind]);
}

/**
 * How much a decision lost against the best option, or null when it was no choice (one
 * option, or nothing at stake: `AT_STAKE`) or the played move is not among the ranked options.
 */
export function decisionLoss(d: LoggedDecision, advice: Advice): DecisionLoss | null {
  if (advice.options.length < 2) return null;
  const unit = advice.kind === 'win' ? 100 : 1;
  const worst = advice.options.reduce((m, o) => Math.max(m, o.loss), 0) * unit;
  if (worst < AT_STAKE[advice.kind]) return null;
  const played = playedOption(d.state, d.action, advice);
  if (!played) return null;
  const raw = played.loss <= EPS[advice.kind] ? 0 : played.loss * unit;
  return {
    index: d.index,
    seat: d.state.current,
    kind: advice.kind,
    loss: raw,
    judgement: judge(advice.kind, raw),
  };
}

/** A seat's accuracy from its analysed decisions (other seats' decisions are ignored). */
export function seatAccuracy(seat: number, losses: readonly DecisionLoss[]): SeatAccuracy {
  const own = losses.filter((l) => l.seat === seat);
  // One grading unit per seat: a game with any points-only decision reads as points, and its
  // win decisions are converted at the documented exchange so the mean stays one scale.
  const kind: Advice['kind'] = own.some((l) => l.kind === 'points') ? 'points' : 'win';
  const inUnit = (l: DecisionLoss) =>
    l.kind === kind ? l.loss : l.loss * (SCALE.points / SCALE.win);
  const count = (j: Judgement) => own.filter((l) => judge(kind, inUnit(l)) === j).length;
  const n = own.length;
  const mean = (f: (l: DecisionLoss) => number) =>
    n === 0 ? 0 : own.reduce((s, l) => s + f(l), 0) / n;
  return {
    seat,
    accuracy: n === 0 ? null : Math.round(1000 * mean((l) => decisionScore(kind, inUnit(l)))) / 10,
    kind,
    decisions: n,
    meanLoss: mean(inUnit),
    inaccuracies: count('inaccuracy'),
    mistakes: count('mistake'),
    blunders: count('blunder'),
  };
}

/**
 * Every seat's accuracy over a game, asking `rank` for the advisor's ranking of each decision
 * (null when it has none), one at a time. `rank` may be a direct `advise` call or a pool job.
 * Also returns each ranking by log index, for showing the options of graded decisions.
 */
export async function gameAccuracy(
  log: GameLog,
  rank: (state: GameState) => Promise<Advice | null> | Advice | null,
): Promise<{ losses: DecisionLoss[]; seats: SeatAccuracy[]; advice: Map<number, Advice> }> {
  const losses: DecisionLoss[] = [];
  const advice = new Map<number, Advice>();
  for (const d of loggedDecisions(log)) {
    // A forced move is no decision: spare the coach the question.
    if (legalActions(d.state).length < 2) continue;
    const a = await rank(d.state);
    const l = a ? decisionLoss(d, a) : null;
    if (a) advice.set(d.index, a);
    if (l) losses.push(l);
  }
  const seats = Array.from({ length: log.players }, (_, s) => seatAccuracy(s, losses));
  return { losses, seats, advice };
}
