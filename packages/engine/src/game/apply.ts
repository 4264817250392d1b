import type { DiceSource } from '../dice/source.ts';
import { fail, type EngineError } from '../errors.ts';
import type { RuleSet } from '../rules/schema.ts';
import { keyOfFaces } from '../scoring/multiset.ts';
import { scoringTable, type ScoringOption } from '../scoring/table.ts';
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

const TYPES = new Set(['fresh', 'inherit', 'roll', 'keep', 'bank', 'timeout']);

/** Checks an action against the state; returns why it is refused, or null when it is legal to try. */
function refuse(s: GameState, a: Action): EngineError | null {
  if (typeof a !== 'object' || a === null || !TYPES.has((a as { type: unknown }).type as string)) {
    return {
      code: 'BAD_ACTION',
      message: 'Unknown action: expected fresh, inherit, roll, keep, bank or timeout.',
    };
  }
  if (s.phase === 'over') return { code: 'GAME_OVER', message: 'The game is over.' };
  if (a.seat !== s.current) {
    return {
      code: 'NOT_YOUR_TURN',
      message: `It is seat ${s.current + 1}'s turn, not seat ${Number(a.seat) + 1}'s.`,
    };
  }
  if (a.type === 'timeout') return null;
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

function belowMinimum(s: GameState): EngineError | null {
  const min = core.bankMinimum(s);
  if (s.turn.total >= min) return null;
  const why =
    s.onBoard[s.current] || s.rules.openingMinimum <= s.rules.bankMinimum
      ? 'to bank'
      : 'to get on the board';
  return {
    code: 'BELOW_BANK_MINIMUM',
    message: `You need at least ${min} points ${why}; you have ${s.turn.total}. Roll again.`,
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
  const info = scoringTable(s.rules).lookup(roll, s.turn.held);
  const option = info.options.find((o) => o.key === key);
  if (!option) {
    return {
      error: {
        code: 'ILLEGAL_SELECTION',
        message: `${faces.sort().join(', ')} cannot be kept: every kept die must be part of a scoring combination.`,
      },
    };
  }
  return { option };
}

/** Applies an action: a new state and its events, or a refusal that changes nothing. */
export function applyAction(state: GameState, action: Action, dice: DiceSource): ApplyResult {
  const refusal = refuse(state, action);
  if (refusal) return { ok: false, error: refusal };
  const table = scoringTable(state.rules);
  let option: ScoringOption | null = null;
  if (action.type === 'keep') {
    if (action.then !== undefined && action.then !== 'bank' && action.then !== 'roll') {
      return fail('BAD_ACTION', 'After keeping you may only "bank" or "roll".');
    }
    const sel = selectOption(state, action.dice);
    if ('error' in sel) return { ok: false, error: sel.error };
    option = sel.option;
  }
  const s = cloneState(state);
  const events: GameEvent[] = [];
  // A bound push rather than an arrow: under tsx (keepNames) a named arrow made per call is
  // wrapped in a name-setting helper that costs more than the whole action.
  const emit: core.Emit = events.push.bind(events);
  switch (action.type) {
    case 'fresh':
      core.choose(s, false, emit);
      break;
    case 'inherit':
      core.choose(s, true, emit);
      break;
    case 'roll':
      core.roll(s, table, dice, emit);
      break;
    case 'bank':
      core.bank(s, emit);
      break;
    case 'timeout':
      core.timeout(s, emit);
      break;
    case 'keep': {
      core.keep(s, option as ScoringOption, action.dice.slice(), emit);
      if (action.then === 'bank') {
        const low = belowMinimum(s);
        if (low) return { ok: false, error: low };
        core.bank(s, emit);
      } else if (action.then === 'roll') core.roll(s, table, dice, emit);
      break;
    }
  }
  return { ok: true, state: s, events };
}
