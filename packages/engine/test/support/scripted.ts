/**
 * A game driven by scripted dice: each action names the dice it will consume, so a test
 * reads like a transcript of play. Every refusal is checked to leave the state untouched.
 */
import { expect } from 'vitest';
import {
  applyAction,
  cloneState,
  createGame,
  positionsFor,
  recordedDice,
  type Action,
  type ErrorCode,
  type GameEvent,
  type GameState,
  type RuleSet,
} from '../../src/index.ts';

/** Setup dice that make seat 1 (index 0) start under `firstPlayer: 'random'`: the value 0. */
const SEAT_0_STARTS: number[][] = [[1, 1]];

/** A scripted game: the state so far and every event, in order. */
export class Scripted {
  state: GameState;
  events: GameEvent[];

  constructor(rules: RuleSet, players: number, setup: number[][] = SEAT_0_STARTS) {
    const dice = recordedDice(setup);
    const r = createGame(rules, players, dice);
    if (!r.ok) throw new Error(r.error.message);
    expect(dice.remaining).toBe(0);
    this.state = r.state;
    this.events = r.events;
  }

  /** Applies an action that must be accepted, consuming exactly the given rolls. */
  act(action: Action, rolls: number[][] = []): GameEvent[] {
    const dice = recordedDice(rolls);
    const r = applyAction(this.state, action, dice);
    if (!r.ok) throw new Error(`${action.type} refused: ${r.error.code} ${r.error.message}`);
    expect(dice.remaining).toBe(0);
    this.state = r.state;
    this.events.push(...r.events);
    return r.events;
  }

  /** Applies an action that must be refused with `code`, leaving the state unchanged. */
  refuse(action: Action, code: ErrorCode, rolls: number[][] = []): string {
    const before = cloneState(this.state);
    const r = applyAction(this.state, action, recordedDice(rolls));
    if (r.ok) throw new Error(`${action.type} was accepted; expected ${code}`);
    expect(r.error.code).toBe(code);
    expect(r.error.message.length).toBeGreaterThan(10);
    expect(this.state).toEqual(before);
    return r.error.message;
  }

  /** The seat on turn. */
  get seat(): number {
    return this.state.current;
  }

  /** The player on turn rolls these faces. */
  roll(faces: number[]): GameEvent[] {
    return this.act({ type: 'roll', seat: this.seat }, [faces]);
  }

  /** The player on turn keeps these faces from the roll in front of them (optionally then banks/rolls). */
  keep(faces: number[], then?: 'bank' | 'roll', next?: number[]): GameEvent[] {
    const roll = this.state.turn.roll;
    if (!roll) throw new Error('no roll to keep from');
    const dice = positionsFor(roll, faces);
    if (dice.some((p) => p < 0)) throw new Error(`faces ${faces} are not all in ${roll}`);
    const action: Action = then
      ? { type: 'keep', seat: this.seat, dice, then }
      : { type: 'keep', seat: this.seat, dice };
    return this.act(action, next ? [next] : []);
  }

  /** The player on turn banks. */
  bank(): GameEvent[] {
    return this.act({ type: 'bank', seat: this.seat });
  }

  /** The player on turn takes the offer. */
  inherit(): GameEvent[] {
    return this.act({ type: 'inherit', seat: this.seat });
  }

  /** The player on turn refuses the offer and starts fresh. */
  fresh(): GameEvent[] {
    return this.act({ type: 'fresh', seat: this.seat });
  }
}

/** Events of one type, typed. */
export function eventsOf<T extends GameEvent['type']>(
  events: readonly GameEvent[],
  type: T,
): Extract<GameEvent, { type: T }>[] {
  return events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
}
