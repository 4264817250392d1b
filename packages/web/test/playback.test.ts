import {
  applyAction,
  createGame,
  preset,
  recordedDice,
  type Action,
  type GameEvent,
  type GameState,
} from '@zilch/engine';
import type { GameView } from '@zilch/protocol';
import { describe, expect, it } from 'vitest';
import { bankFallsShort, lastTurn, lastTurnLine } from '../app/lib/finalRound.ts';
import { bannerAfter, PACE, paced, stepsOf, type Step } from '../app/lib/playback.ts';

const rules = { ...preset('classic'), firstPlayer: 'seat-1' as const };
const name = (seat: number) => ['Ann', 'Bot'][seat] ?? `Seat ${seat + 1}`;

/** A view of a state as the server would send it (only what the playback reads matters). */
function viewOf(state: GameState, seq: number): GameView {
  return {
    id: 'g',
    rules: state.rules,
    status: state.phase === 'over' ? 'over' : 'playing',
    seats: [0, 1].map((seat) => ({
      seat,
      kind: seat === 0 ? ('human' as const) : ('bot' as const),
      name: name(seat),
      claimed: true,
      connected: true,
    })),
    state,
    seq,
    version: seq + 1,
    you: 0,
    commitment: 'c',
    createdAt: 0,
  };
}

/** Plays an action as the server does: the state after it and its events. */
function play(s: GameState, action: Action, rolls: number[][] = []) {
  const r = applyAction(s, action, recordedDice(rolls));
  if (!r.ok) throw new Error(r.error.message);
  return r;
}

function start(): GameState {
  const g = createGame(rules, 2, recordedDice([]));
  if (!g.ok) throw new Error('no game');
  return g.state;
}

describe('stepsOf', () => {
  it("shows another player's keep highlighted, then its roll tumbling, then where it landed", () => {
    // Ann zilches; the bot rolls 1 5 2 3 4 6 … then keeps the 1 and rolls five dice.
    let s = play(start(), { type: 'roll', seat: 0 }, [[2, 3, 4, 6, 2, 3]]).state;
    s = play(s, { type: 'roll', seat: 1 }, [[1, 2, 2, 3, 4, 6]]).state;
    const before = viewOf(s, 2);
    const r = play(s, { type: 'keep', seat: 1, dice: [0], then: 'roll' }, [[5, 5, 2, 3, 4]]);
    const steps = stepsOf(before, { events: r.events, view: viewOf(r.state, 3) }, [0], name);
    expect(steps.map((x) => [x.highlight !== null, x.rolling])).toEqual([
      [true, false],
      [false, false],
      [false, true],
      [false, false],
    ]);
    const [keep, kept, tumble, landed] = steps as [Step, Step, Step, Step];
    expect(keep.highlight).toEqual([0]);
    expect(keep.hold).toBeGreaterThanOrEqual(700);
    expect(keep.view.state.turn.roll).toEqual([1, 2, 2, 3, 4, 6]);
    expect(keep.say).toBe('Bot keeps 1 for 100 (running total 100).');
    expect(kept.view.state.phase).toBe('decide');
    expect(tumble.events.map((e) => e.type)).toEqual(['rolled']);
    expect(tumble.hold).toBe(PACE.tumble);
    expect(tumble.chain).toBe(true);
    // Nothing of the result before it lands; the last step is the server's own view.
    expect(tumble.say).toBe('');
    expect(landed.view.state).toEqual(r.state);
    expect(landed.say).toBe('Bot rolls five, five, two, three, four.');
  });

  it('keeps the turn until a zilch has landed, then passes it', () => {
    const s = start();
    const r = play(s, { type: 'roll', seat: 0 }, [[2, 3, 4, 6, 2, 3]]);
    const steps = stepsOf(viewOf(s, 0), { events: r.events, view: viewOf(r.state, 1) }, [0], name);
    expect(steps).toHaveLength(2);
    const [tumble, landed] = steps as [Step, Step];
    expect(tumble.rolling).toBe(true);
    expect(tumble.view.state.current).toBe(0);
    expect(tumble.events).toEqual([r.events[0]]);
    expect(landed.view.state.current).toBe(1);
    expect(landed.events.map((e) => e.type)).toEqual(['zilch', 'turn-started']);
    expect(landed.hold).toBe(PACE.end);
    expect(landed.own).toBe(true);
  });

  it("does not highlight the player's own keep: they just chose it", () => {
    let s = play(start(), { type: 'roll', seat: 0 }, [[1, 2, 2, 3, 4, 6]]).state;
    const before = viewOf(s, 1);
    const r = play(s, { type: 'keep', seat: 0, dice: [0], then: 'bank' });
    s = r.state;
    const steps = stepsOf(before, { events: r.events, view: viewOf(s, 2) }, [0], name);
    expect(steps.some((x) => x.highlight)).toBe(false);
    expect(steps[steps.length - 1]?.view.state.current).toBe(1);
  });

  it('shows an update it cannot rebuild in one step, as the server sent it', () => {
    const s = start();
    const bogus: GameEvent[] = [{ type: 'rolled', seat: 0, dice: [9, 9] }];
    const next = viewOf(s, 5);
    const steps = stepsOf(viewOf(s, 0), { events: bogus, view: next }, [0], name);
    expect(steps).toHaveLength(1);
    expect(steps[0]?.view).toBe(next);
  });

  it('shortens a tumble under reduced motion but never to nothing', () => {
    expect(paced(PACE.tumble, true)).toBeGreaterThanOrEqual(250);
    expect(paced(PACE.tumble, true)).toBeLessThan(PACE.tumble);
    expect(paced(PACE.tumble, false)).toBe(PACE.tumble);
    expect(paced(0, true)).toBe(0);
  });
});

describe('bannerAfter', () => {
  const step = (over: Partial<Step>, s = start()): Step => ({
    view: viewOf(s, 0),
    events: [],
    rolling: false,
    highlight: null,
    say: '',
    hold: 0,
    own: false,
    ...over,
  });
  const offer: GameEvent = { type: 'offer', to: 1, points: 300, dice: 3 };

  it('clears a stale banner at the next move and keeps hot dice through its own roll', () => {
    const b = bannerAfter(null, step({ events: [offer] }), name);
    expect(b?.kind).toBe('offer');
    expect(bannerAfter(b, step({ events: [{ type: 'fresh', seat: 1 }] }), name)).toBeNull();
    const hot = bannerAfter(
      null,
      step({ events: [{ type: 'hot-dice', seat: 0, locked: 0 }] }),
      name,
    );
    const rolled: GameEvent = { type: 'rolled', seat: 0, dice: [1, 2, 3, 4, 5, 6] };
    expect(bannerAfter(hot, step({ events: [rolled], rolling: true, chain: true }), name)).toBe(
      hot,
    );
    expect(bannerAfter(hot, step({ events: [rolled], rolling: true }), name)).toBeNull();
  });

  it('says when a turn timer ran out', () => {
    const b = bannerFor1({ type: 'timeout', seat: 1 });
    expect(`${b?.title} ${b?.detail}`).toBe("Time ran out — Bot's turn passed.");
  });

  function bannerFor1(e: GameEvent) {
    return bannerAfter(null, step({ events: [e] }), name);
  }
});

describe('the last turn of the final round', () => {
  const at = (scores: number[], current: number): GameState => ({
    ...start(),
    scores,
    current,
    finalRound: { by: 1, turnsLeft: 1 },
  });

  it('says what the player on turn needs to win and to tie', () => {
    expect(lastTurn(at([2250, 4000], 0))).toEqual({ leader: 4000, win: 1800, tie: 1750 });
    expect(lastTurnLine(at([2250, 4000], 0), 'Ann', true)).toBe(
      'Last turn: you need 1,800 to win (1,750 to tie).',
    );
    expect(lastTurnLine(at([2250, 4000], 0), 'Ann', false)).toBe(
      'Last turn: Ann needs 1,800 to win (1,750 to tie).',
    );
    // Not for the player who reached the target, nor outside the final round.
    expect(lastTurn(at([2250, 4000], 1))).toBeNull();
    expect(lastTurn({ ...at([0, 0], 0), finalRound: null })).toBeNull();
  });

  it('flags a bank that loses or only ties', () => {
    const s = at([2250, 4000], 0);
    expect(bankFallsShort(s, 1000)).toBe('loses');
    expect(bankFallsShort(s, 1750)).toBe('ties');
    expect(bankFallsShort(s, 1800)).toBeNull();
  });
});
