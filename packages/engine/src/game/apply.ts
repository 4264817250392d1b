import type { DiceSource } from '../dice/source.ts';
import { fail, type EngineError } from '../errors.ts';
import type { RuleSet } from '../rules/schema.ts';
import { countsOf, keyOfFaces } from '../scoring/multiset.ts';
import {
  brokenSet,
  optionGain,
  scoringTable,
  type ScoringOption,
  type ScoringTable,
} from '../scoring/table.ts';
import * as core from './core.ts';
import type { Action, GameEvent, GameState } from './types.ts';

/** The outcome of an action: the new state and its events, or why it was refused. */
export type ApplyResult =
  { ok: true; state: GameState; events: GameEvent[] } | { ok: false; error: EngineError };

/** Most seats a game can have. */
export const MAX_PLAYERS = 12;

/** Starts a game: chooses the first player from the dice and opens the first turn. */
export function createGame(rules: RuleSet, players: number, dice: DiceSource): ApplyResult {
  if (!Number.isInteger(players) || players < 2 || players > MAX_PLAYERS) {
    return fail('BAD_ACTION', `A game needs 2 to ${MAX_PLAYERS} players, not ${players}.`);
  }
  const first = core.chooseFirst(rules, players, dice);
  const state = core.initialState(rules, players, first.seat);
  return {
    ok: true,
    state,
    events: [
      { type: 'first-player', seat: first.seat, rollOff: first.rollOff },
      { type: 'turn-started', seat: first.seat, offer: null },
    ],
  };
}

/** A deep copy; states are small, so apply never shares mutable parts with its input. */
export function cloneState(s: GameState): GameState {
  // Field by field rather than object spread: spread is the single largest cost of an action.
  const t = s.turn;
  return {
    rules: s.rules,
    players: s.players,
    scores: s.scores.slice(),
    onBoard: s.onBoard.slice(),
    zilchStreak: s.zilchStreak.slice(),
    current: s.current,
    phase: s.phase,
    turn: {
      total: t.total,
      available: t.available,
      locked: t.locked,
      held: t.held,
      // Never changed in place: shared, like the rules.
      sets: t.sets,
      roll: t.roll ? t.roll.slice() : null,
      hot: t.hot,
      inherited: t.inherited,
      rolls: t.rolls,
    },
    offer: s.offer ? { points: s.offer.points, dice: s.offer.dice } : null,
    finalRound: s.finalRound ? { by: s.finalRound.by, turnsLeft: s.finalRound.turnsLeft } : null,
    turnNumber: s.turnNumber,
    winners: s.winners.slice(),
  };
}

const TYPES = new Set(['fresh', 'inherit', 'roll', 'keep', 'bank', 'timeout', 'forfeit', 'abort']);

/** Checks an action against the state; returns why it is refused, or null when it is legal to try. */
function refuse(s: GameState, a: Action): EngineError | null {
  if (typeof a !== 'object' || a === null || !TYPES.has((a as { type: unknown }).type as string)) {
    return {
      code: 'BAD_ACTION',
      message:
        'Unknown action: expected fresh, inherit, roll, keep, bank, timeout, forfeit or abort.',
    };
  }
  if (s.phase === 'over') return { code: 'GAME_OVER', message: 'The game is over.' };
  if (a.seat !== s.current) {
    return {
      code: 'NOT_YOUR_TURN',
      message: `It is seat ${s.current + 1}'s turn, not seat ${Number(a.seat) + 1}'s.`,
    };
  }
  if (a.type === 'timeout' || a.type === 'forfeit' || a.type === 'abort') return null;
  if (s.phase === 'choose' && a.type !== 'fresh' && a.type !== 'inherit') {
    return {
      code: 'MUST_CHOOSE_START',
      message: `First choose: start fresh, or inherit ${s.offer?.points} points with ${s.offer?.dice} dice.`,
    };
  }
  switch (a.type) {
    case 'fresh':
    case 'inherit':
      return s.phase === 'choose'
        ? null
        : { code: 'NO_OFFER', message: 'There is no offer to take or refuse now.' };
    case 'roll':
      return s.phase === 'keep'
        ? {
            code: 'MUST_KEEP_FIRST',
            message: 'Set aside at least one scoring die before rolling again.',
          }
        : null;
    case 'bank':
      if (s.phase === 'roll')
        return { code: 'MUST_ROLL_FIRST', message: 'Roll first: nobody banks without rolling.' };
      if (s.phase === 'keep')
        return {
          code: 'MUST_KEEP_FIRST',
          message: 'Set aside at least one scoring die before banking.',
        };
      return belowMinimum(s);
    case 'keep':
      return s.phase === 'keep'
        ? null
        : { code: 'MUST_ROLL_FIRST', message: 'Roll first: there are no dice to keep.' };
  }
}

/** Why a bank with running total `total` is refused, or null when it meets the minimum. */
function belowMinimum(s: GameState, total = s.turn.total): EngineError | null {
  const min = core.bankMinimum(s);
  if (total >= min) return null;
  const why =
    s.onBoard[s.current] || s.rules.openingMinimum <= s.rules.bankMinimum
      ? 'to bank'
      : 'to get on the board';
  return {
    code: 'BELOW_BANK_MINIMUM',
    message: `You need at least ${min} points ${why}; you have ${total}. Roll again.`,
  };
}

/** Whether `positions` is a non-empty list of distinct die positions below `n` (n ≤ 10: a bit mask tracks them). */
function distinctPositions(positions: unknown, n: number): positions is number[] {
  if (!Array.isArray(positions) || positions.length === 0) return false;
  let seen = 0;
  for (const p of positions as unknown[]) {
    if (!Number.isInteger(p) || (p as number) < 0 || (p as number) >= n) return false;
    const bit = 1 << (p as number);
    if (seen & bit) return false;
    seen |= bit;
  }
  return true;
}

/** Finds the scoring option a list of die positions selects from the roll in front of the player. */
export function selectOption(
  s: GameState,
  positions: unknown,
  table: ScoringTable = scoringTable(s.rules),
): { option: ScoringOption } | { error: EngineError } {
  const roll = s.turn.roll;
  if (!roll)
    return {
      error: { code: 'MUST_ROLL_FIRST', message: 'Roll first: there are no dice to keep.' },
    };
  if (!distinctPositions(positions, roll.length)) {
    return {
      error: {
        code: 'BAD_ACTION',
        message: `Choose dice by position: distinct numbers from 0 to ${roll.length - 1}, at least one.`,
      },
    };
  }
  const faces = positions.map((p) => roll[p] as number);
  const key = keyOfFaces(faces);
  const info = table.lookup(roll, s.turn.held);
  const option = info.options.find((o) => o.key === key);
  if (!option) {
    const face = brokenSet(s.rules, countsOf(faces), countsOf(roll), s.turn.held);
    const shown = roll.filter((d) => d === face).length;
    return {
      error: {
        code: 'ILLEGAL_SELECTION',
        message: face
          ? `${faces.sort().join(', ')} cannot be kept: sets are kept whole, so keep all ${shown} ${face}s or none.`
          : `${faces.sort().join(', ')} cannot be kept: every kept die must be part of a scoring combination.`,
      },
    };
  }
  return { option };
}

/**
 * Checks an action against the state and, when it is legal, applies it to the state in place,
 * sending events to `emit` (null: none are made). Returns why it was refused, or null. Every
 * check runs before the first change, so a refusal leaves the state exactly as it was. This is
 * the one checked step: `applyAction` runs it on a copy, simulations on their own state.
 * `table` saves the lookup when the caller already holds the rule set's scoring table.
 */
export function applyInPlace(
  s: GameState,
  action: Action,
  dice: DiceSource,
  emit: core.Emit = null,
  table: ScoringTable = scoringTable(s.rules),
): EngineError | null {
  const refusal = refuse(s, action);
  if (refusal) return refusal;
  switch (action.type) {
    case 'fresh':
      core.choose(s, false, emit);
      return null;
    case 'inherit':
      core.choose(s, true, emit);
      return null;
    case 'roll':
      core.roll(s, table, dice, emit);
      return null;
    case 'bank':
      core.bank(s, emit);
      return null;
    case 'timeout':
      core.timeout(s, emit);
      return null;
    case 'forfeit':
      core.forfeit(s, emit);
      return null;
    case 'abort':
      core.abort(s, emit);
      return null;
    case 'keep': {
      const then = action.then;
      if (then !== undefined && then !== 'bank' && then !== 'roll') {
        return { code: 'BAD_ACTION', message: 'After keeping you may only "bank" or "roll".' };
      }
      const sel = selectOption(s, action.dice, table);
      if ('error' in sel) return sel.error;
      if (then === 'bank') {
        // Keeping does not change who is on turn or whether they are on the board, so the
        // minimum is known before the keep; checking first keeps a refusal free of changes.
        const gain = optionGain(sel.option, s.turn.total, s.turn.sets);
        const low = belowMinimum(s, s.turn.total + gain);
        if (low) return low;
      }
      core.keep(s, sel.option, emit ? action.dice.slice() : null, emit);
      if (then === 'bank') core.bank(s, emit);
      else if (then === 'roll') core.roll(s, table, dice, emit);
      return null;
    }
  }
}

/** Applies an action: a new state and its events, or a refusal that changes nothing. */
export function applyAction(state: GameState, action: Action, dice: DiceSource): ApplyResult {
  const s = cloneState(state);
  const events: GameEvent[] = [];
  // A bound push rather than an arrow: under tsx (keepNames) a named arrow made per call is
  // wrapped in a name-setting helper that costs more than the whole action.
  const error = applyInPlace(s, action, dice, events.push.bind(events));
  return error ? { ok: false, error } : { ok: true, state: s, events };
}
