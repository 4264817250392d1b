/** Every rule of SPEC.md played out with scripted dice. */
import { describe, expect, it } from 'vitest';
import {
  createGame,
  legalActions,
  parseRules,
  preset,
  presetRules,
  recordedDice,
  type RuleSet,
} from '../src/index.ts';
import { Scripted, eventsOf } from './support/scripted.ts';

const SC = (): RuleSet => preset('serendipity-creak');

/** The player on turn keeps a 1, then rolls five dice that zilch. */
function zilchTurn(g: Scripted): void {
  g.roll([1, 2, 3, 4, 6, 6]);
  g.keep([1], 'roll', [2, 3, 4, 6, 6]);
}

/** Ten Dice opening roll whose only full keep is 1-6 + 1 1 + 5 5 = 1800: hot dice. */
const TEN_HOT = [1, 1, 1, 5, 5, 5, 2, 3, 4, 6];
/** Ten Dice: seat 1 (index 0) wins the roll-off. */
const TEN_SEAT_0: number[][] = [new Array(10).fill(6), new Array(10).fill(1)];

describe('who starts', () => {
  it('random seat: two dice make a value 0..35; values past the last full cycle are thrown again', () => {
    const two = new Scripted(SC(), 2, [[1, 2]]);
    expect(two.seat).toBe(1);
    // Five seats: 35 (6 6) would favour seat 1, so it is rejected and 2 (1 3) picks seat 3.
    const five = new Scripted(SC(), 5, [
      [6, 6],
      [1, 3],
    ]);
    expect(five.seat).toBe(2);
    expect(five.events[0]).toEqual({ type: 'first-player', seat: 2, rollOff: [] });
  });

  it('roll-off (ten-dice): highest sum starts; only those tied for highest throw again', () => {
    const ten = (f: number) => new Array<number>(10).fill(f);
    const g = new Scripted(preset('ten-dice'), 3, [ten(1), ten(5), ten(5), ten(1), ten(2)]);
    expect(g.seat).toBe(2);
    expect(g.state.turnNumber).toBe(1);
    expect(g.state.phase).toBe('roll');
    expect(g.events[0]).toEqual({
      type: 'first-player',
      seat: 2,
      rollOff: [
        [
          { seat: 0, dice: ten(1) },
          { seat: 1, dice: ten(5) },
          { seat: 2, dice: ten(5) },
        ],
        [
          { seat: 1, dice: ten(1) },
          { seat: 2, dice: ten(2) },
        ],
      ],
    });
  });

  it('farkle-2017: seat 1 starts without any dice', () => {
    const g = new Scripted(preset('farkle-2017'), 3, []);
    expect(g.seat).toBe(0);
  });
});

describe('offers (inheritance)', () => {
  it('a bank offers its total and the dice left; fresh starts from 0 with all dice', () => {
    const g = new Scripted(SC(), 2);
    g.roll([1, 5, 2, 3, 6, 6]);
    g.keep([1, 5]);
    const ev = g.bank();
    expect(ev).toContainEqual({ type: 'offer', to: 1, points: 150, dice: 4 });
    expect(g.state.phase).toBe('choose');
    expect(g.state.offer).toEqual({ points: 150, dice: 4 });
    expect(legalActions(g.state)).toEqual([
      { type: 'fresh', seat: 1 },
      { type: 'inherit', seat: 1 },
    ]);
    g.fresh();
    expect(g.state.turn).toMatchObject({ total: 0, available: 6, inherited: 0 });
    expect(g.state.offer).toBeNull();
    g.roll([1, 2, 3, 4, 6, 6]);
    g.keep([1], 'bank');
    expect(g.state.scores).toEqual([150, 100]);
  });

  it('inherit: the offered points become the running total, rolling only the offered dice', () => {
    const g = new Scripted(SC(), 2);
    g.roll([1, 5, 2, 3, 6, 6]);
    g.keep([1, 5], 'bank');
    g.inherit();
    expect(g.state.turn).toMatchObject({ total: 150, available: 4, inherited: 150 });
    // Nobody banks an inherited total without rolling.
    g.refuse({ type: 'bank', seat: 1 }, 'MUST_ROLL_FIRST');
    g.roll([1, 2, 3, 4]);
    g.keep([1]);
    g.bank();
    expect(g.state.scores).toEqual([150, 250]);
    expect(g.state.offer).toEqual({ points: 250, dice: 3 });
  });

  it('an inheritor who zilches loses the inherited points, and the next player gets no offer', () => {
    const g = new Scripted(SC(), 2);
    g.roll([1, 5, 2, 3, 6, 6]);
    g.keep([1, 5], 'bank');
    g.inherit();
    const ev = g.roll([2, 3, 4, 6]);
    expect(ev).toContainEqual({ type: 'zilch', seat: 1, lost: 150, locked: 0 });
    expect(g.state.scores).toEqual([150, 0]);
    expect(g.state.phase).toBe('roll');
    expect(g.state.offer).toBeNull();
    expect(eventsOf(ev, 'turn-started')).toEqual([{ type: 'turn-started', seat: 0, offer: null }]);
  });

  it('an offer goes to the next player only and lapses if not taken', () => {
    const g = new Scripted(SC(), 3);
    g.roll([1, 5, 2, 3, 6, 6]);
    g.keep([1, 5], 'bank');
    g.fresh();
    g.roll([2, 3, 4, 6, 6, 3]);
    expect(g.seat).toBe(2);
    expect(g.state.phase).toBe('roll');
    expect(g.state.offer).toBeNull();
  });

  it('the next offer is the last bank, not an older one', () => {
    const g = new Scripted(SC(), 3);
    g.roll([1, 5, 2, 3, 6, 6]);
    g.keep([1, 5], 'bank');
    g.fresh();
    g.roll([1, 2, 3, 4, 6, 6]);
    g.keep([1], 'bank');
    expect(g.state.offer).toEqual({ points: 100, dice: 5 });
  });

  it('no offer after a zilch', () => {
    const g = new Scripted(SC(), 2);
    g.roll([2, 3, 4, 6, 6, 3]);
    expect(g.seat).toBe(1);
    expect(g.state.phase).toBe('roll');
    expect(eventsOf(g.events, 'offer')).toEqual([]);
  });

  it('an offer after hot dice gives all the dice', () => {
    const g = new Scripted(SC(), 2);
    g.roll([1, 2, 3, 4, 5, 6]);
    g.keep([1, 2, 3, 4, 5, 6]);
    g.bank();
    expect(g.state.offer).toEqual({ points: 1500, dice: 6 });
  });

  it('house rule offers.afterHotDice = false: no offer after hot dice, offers otherwise', () => {
    const rules = { ...SC(), offers: { afterHotDice: false } };
    const g = new Scripted(rules, 2);
    g.roll([1, 2, 3, 4, 5, 6]);
    g.keep([1, 2, 3, 4, 5, 6], 'bank');
    expect(g.state.phase).toBe('roll');
    expect(g.state.offer).toBeNull();
    g.roll([1, 2, 3, 4, 5, 6]);
    g.keep([1, 2, 3, 4, 5, 6]);
    g.roll([1, 2, 3, 4, 6, 6]);
    g.keep([1], 'bank');
    expect(g.state.offer).toEqual({ points: 1600, dice: 5 });
  });
});

describe('hot dice', () => {
  it('keeping every die, over several rolls, makes all dice available again; banking stays allowed', () => {
    const g = new Scripted(SC(), 2);
    g.roll([1, 5, 2, 3, 6, 6]);
    g.keep([1, 5]);
    g.roll([1, 1, 5, 5]);
    const ev = g.keep([1, 1, 5, 5]);
    expect(ev).toContainEqual({ type: 'hot-dice', seat: 0, locked: 0 });
    expect(g.state.turn).toMatchObject({ total: 450, available: 6, hot: true });
    expect(legalActions(g.state)).toEqual([
      { type: 'roll', seat: 0 },
      { type: 'bank', seat: 0 },
    ]);
    g.roll([1, 2, 3, 4, 6, 6]);
    expect(g.state.turn.hot).toBe(false);
    g.keep([1], 'bank');
    expect(g.state.scores[0]).toBe(550);
  });

  it('scoring dice may be left to roll again', () => {
    const g = new Scripted(SC(), 2);
    g.roll([1, 1, 5, 2, 3, 6]);
    g.keep([1]);
    expect(g.state.turn).toMatchObject({ total: 100, available: 5 });
  });
});

describe('final round and ties', () => {
  it('reaching the target gives every other player exactly one more turn; the last offer lapses', () => {
    const g = new Scripted(SC(), 3);
    g.state.scores = [9000, 9500, 0];
    g.roll([1, 2, 3, 4, 5, 6]);
    const ev = g.keep([1, 2, 3, 4, 5, 6], 'bank');
    expect(ev).toContainEqual({ type: 'final-round', by: 0 });
    expect(g.state.finalRound).toEqual({ by: 0, turnsLeft: 2 });
    // Offers still run during the final round.
    expect(g.state.offer).toEqual({ points: 1500, dice: 6 });
    g.inherit();
    g.roll([1, 2, 3, 4, 5, 6]);
    const over = g.keep([1, 2, 3, 4, 5, 6], 'bank');
    // A bank over the target in the final round does not start another.
    expect(eventsOf(over, 'final-round')).toEqual([]);
    expect(g.state.finalRound).toEqual({ by: 0, turnsLeft: 1 });
    expect(g.state.scores).toEqual([10500, 12500, 0]);
    g.fresh();
    g.roll([1, 5, 2, 3, 6, 6]);
    const last = g.keep([1], 'bank');
    expect(eventsOf(last, 'offer')).toEqual([]);
    expect(last.at(-1)).toEqual({ type: 'game-over', winners: [1], scores: [10500, 12500, 100] });
    expect(g.state.phase).toBe('over');
    expect(g.state.offer).toBeNull();
    expect(g.state.winners).toEqual([1]);
    // Seat 1 (index 0) never got another turn.
    const after = g.events.slice(g.events.findIndex((e) => e.type === 'final-round'));
    expect(eventsOf(after, 'turn-started').map((e) => e.seat)).toEqual([1, 2]);
    expect(legalActions(g.state)).toEqual([]);
  });

  it('a zilch in the final round still uses up that turn', () => {
    const g = new Scripted(SC(), 2);
    g.state.scores = [9900, 0];
    g.roll([1, 2, 3, 4, 6, 6]);
    g.keep([1], 'bank');
    g.fresh();
    g.roll([2, 3, 4, 6, 6, 3]);
    expect(g.state.phase).toBe('over');
    expect(g.state.winners).toEqual([0]);
  });

  it('players tied on the highest score share the win', () => {
    const g = new Scripted(SC(), 3);
    g.state.scores = [9000, 9000, 0];
    g.roll([1, 2, 3, 4, 5, 6]);
    g.keep([1, 2, 3, 4, 5, 6], 'bank');
    g.fresh();
    g.roll([1, 2, 3, 4, 5, 6]);
    g.keep([1, 2, 3, 4, 5, 6], 'bank');
    g.fresh();
    g.roll([2, 3, 4, 6, 6, 3]);
    expect(g.state.winners).toEqual([0, 1]);
    expect(g.events.at(-1)).toEqual({
      type: 'game-over',
      winners: [0, 1],
      scores: [10500, 10500, 0],
    });
  });

  it('farkle-2017: the first bank at or over the target wins at once', () => {
    const g = new Scripted(preset('farkle-2017'), 2, []);
    g.state.scores = [9000, 9900];
    g.roll([1, 1, 1, 2, 3, 4]);
    g.keep([1, 1, 1], 'bank');
    expect(g.state.phase).toBe('over');
    expect(g.state.winners).toEqual([0]);
    expect(eventsOf(g.events, 'final-round')).toEqual([]);
    g.refuse({ type: 'roll', seat: 1 }, 'GAME_OVER');
  });
});

describe('minimums', () => {
  it('hot-dice opening minimum 1000: below it the only way on is to roll; once on the board any bank', () => {
    const g = new Scripted(preset('hot-dice'), 2);
    g.roll([1, 5, 2, 3, 6, 6]);
    const positions = [0, 1];
    const msg = g.refuse(
      { type: 'keep', seat: 0, dice: positions, then: 'bank' },
      'BELOW_BANK_MINIMUM',
    );
    expect(msg).toMatch(/1000/);
    expect(msg).toMatch(/board/);
    g.keep([1, 5]);
    g.refuse({ type: 'bank', seat: 0 }, 'BELOW_BANK_MINIMUM');
    expect(legalActions(g.state)).toEqual([{ type: 'roll', seat: 0 }]);
    g.roll([1, 1, 1, 2]);
    g.keep([1, 1, 1], 'bank');
    expect(g.state.scores).toEqual([1150, 0]);
    expect(g.state.onBoard).toEqual([true, false]);
    g.roll([2, 3, 4, 6, 6, 3]);
    g.roll([1, 2, 3, 4, 6, 6]);
    g.keep([1], 'bank');
    expect(g.state.scores).toEqual([1250, 0]);
  });

  it('zilch-online minimum to bank 300 applies to every bank', () => {
    const g = new Scripted(preset('zilch-online'), 2);
    g.roll([1, 5, 2, 3, 6, 6]);
    g.keep([1, 5]);
    expect(g.refuse({ type: 'bank', seat: 0 }, 'BELOW_BANK_MINIMUM')).toMatch(/300/);
    g.roll([1, 1, 2, 3]);
    g.keep([1, 1], 'bank');
    expect(g.state.scores).toEqual([350, 0]);
    g.roll([1, 1, 2, 3, 4, 6]);
    g.keep([1, 1], 'roll', [1, 2, 3, 4]);
    g.keep([1], 'bank');
    g.roll([1, 5, 2, 3, 6, 6]);
    g.keep([1, 5]);
    g.refuse({ type: 'bank', seat: 0 }, 'BELOW_BANK_MINIMUM');
  });
});

describe('ten-dice lock', () => {
  it('hot dice locks the total; a later zilch banks the locked amount and gives no offer', () => {
    const g = new Scripted(preset('ten-dice'), 2, TEN_SEAT_0);
    g.roll(TEN_HOT);
    const hot = g.keep(TEN_HOT);
    expect(hot).toContainEqual({ type: 'hot-dice', seat: 0, locked: 1800 });
    g.roll([1, 5, 2, 2, 3, 3, 4, 4, 6, 6]);
    g.keep([1, 5]);
    expect(g.state.turn).toMatchObject({ total: 1950, locked: 1800, available: 8 });
    const ev = g.roll([2, 2, 3, 3, 4, 4, 6, 6]);
    expect(ev).toContainEqual({ type: 'zilch', seat: 0, lost: 1950, locked: 1800 });
    expect(ev).toContainEqual({ type: 'banked', seat: 0, points: 1800, score: 1800 });
    expect(g.state.scores).toEqual([1800, 0]);
    expect(g.state.onBoard).toEqual([true, false]);
    expect(g.state.phase).toBe('roll');
    expect(g.state.offer).toBeNull();
  });

  it('a lock never travels with an offer; an inheritor’s hot dice locks the whole total', () => {
    const g = new Scripted(preset('ten-dice'), 2, TEN_SEAT_0);
    g.roll(TEN_HOT);
    g.keep(TEN_HOT);
    g.roll([1, 5, 2, 2, 3, 3, 4, 4, 6, 6]);
    g.keep([1, 5], 'bank');
    expect(g.state.offer).toEqual({ points: 1950, dice: 8 });
    g.inherit();
    expect(g.state.turn.locked).toBe(0);
    g.roll([1, 1, 1, 1, 5, 5, 5, 5]);
    // Four 1s: three 1s + a 1 (1100); four 5s: four of a kind (1000).
    const hot = g.keep([1, 1, 1, 1, 5, 5, 5, 5]);
    expect(hot).toContainEqual({ type: 'hot-dice', seat: 1, locked: 4050 });
    g.roll([1, 5, 2, 2, 3, 3, 4, 4, 6, 6]);
    g.keep([1, 5]);
    g.roll([2, 2, 3, 3, 4, 4, 6, 6]);
    expect(g.state.scores).toEqual([1950, 4050]);
  });

  it('an inheritor who zilches before any hot dice gets nothing', () => {
    const g = new Scripted(preset('ten-dice'), 2, TEN_SEAT_0);
    g.roll(TEN_HOT);
    g.keep(TEN_HOT);
    g.roll([1, 5, 2, 2, 3, 3, 4, 4, 6, 6]);
    g.keep([1, 5], 'bank');
    g.inherit();
    const ev = g.roll([2, 2, 3, 3, 4, 4, 6, 6]);
    expect(eventsOf(ev, 'banked')).toEqual([]);
    expect(g.state.scores).toEqual([1950, 0]);
  });

  it('the source’s examples: A keeps 1 1 5 2 2 2 (450), then three 3s → 750; B inherits 750 with 1 die', () => {
    const g = new Scripted(preset('ten-dice'), 2, TEN_SEAT_0);
    g.roll([1, 1, 5, 2, 2, 2, 3, 4, 6, 6]);
    g.keep([1, 1, 5, 2, 2, 2]);
    expect(g.state.turn).toMatchObject({ total: 450, available: 4 });
    g.roll([3, 3, 3, 6]);
    g.keep([3, 3, 3], 'bank');
    expect(g.state.scores).toEqual([750, 0]);
    expect(g.state.offer).toEqual({ points: 750, dice: 1 });
    g.inherit();
    expect(g.state.turn).toMatchObject({ total: 750, available: 1, locked: 0 });
  });

  it('a timeout after a lock still banks the lock, gives no offer', () => {
    const g = new Scripted(preset('ten-dice'), 2, TEN_SEAT_0);
    g.roll(TEN_HOT);
    g.keep(TEN_HOT);
    g.act({ type: 'timeout', seat: 0 });
    expect(g.state.scores).toEqual([1800, 0]);
    expect(g.state.offer).toBeNull();
    expect(g.seat).toBe(1);
  });
});

describe('forfeit and abort (server-only: a player absent too long, or never there)', () => {
  it('a forfeit ends the game at once and the others win by score, even from behind', () => {
    const g = new Scripted(preset('classic'), 3);
    g.roll([1, 2, 2, 3, 4, 6]);
    g.keep([1]);
    g.bank(); // seat 0: 100
    g.roll([5, 2, 2, 3, 4, 6]);
    g.keep([5]);
    g.bank(); // seat 1: 50
    g.roll([1, 2, 2, 3, 4, 6]);
    g.keep([1]);
    g.bank(); // seat 2: 100
    expect(g.seat).toBe(0);
    const ev = g.act({ type: 'forfeit', seat: 0 });
    expect(ev.map((e) => e.type)).toEqual(['forfeit', 'game-over']);
    expect(g.state.phase).toBe('over');
    expect(g.state.winners).toEqual([2]);
    expect(g.state.scores).toEqual([100, 50, 100]);
    g.refuse({ type: 'roll', seat: 1 }, 'GAME_OVER');
  });

  it('an abort ends the game with no winner; either is refused for a seat not on turn', () => {
    const g = new Scripted(SC(), 2);
    g.refuse({ type: 'abort', seat: 1 }, 'NOT_YOUR_TURN');
    g.refuse({ type: 'forfeit', seat: 1 }, 'NOT_YOUR_TURN');
    const ev = g.act({ type: 'abort', seat: 0 });
    expect(ev).toEqual([
      { type: 'aborted', seat: 0 },
      { type: 'game-over', winners: [], scores: [0, 0] },
    ]);
    expect(g.state.phase).toBe('over');
    expect(g.state.winners).toEqual([]);
  });
});

describe('hot-dice extensions (doubling)', () => {
  const HD = (): RuleSet => preset('hot-dice');

  it('six 2s from a running total of 0: 200 → 400 → 800 → 1600', () => {
    const g = new Scripted(HD(), 2);
    g.roll([2, 2, 2, 2, 2, 2]);
    const ev = g.keep([2, 2, 2, 2, 2, 2]);
    expect(eventsOf(ev, 'kept')[0]).toMatchObject({ points: 1600, total: 1600 });
    // Hot dice picks every die up: no set is held any more.
    expect(g.state.turn).toMatchObject({ held: 0, available: 6, hot: true });
  });

  it('six 2s from 300: (300 + 200) × 8 = 4000', () => {
    const g = new Scripted(HD(), 2);
    g.roll([5, 5, 2, 3, 4, 6]);
    g.keep([5, 5]);
    g.roll([5, 5, 2, 3]);
    g.keep([5, 5]);
    g.roll([5, 5]);
    g.keep([5, 5]);
    expect(g.state.turn).toMatchObject({ total: 300, available: 6, held: 0 });
    g.roll([2, 2, 2, 2, 2, 2]);
    const ev = g.keep([2, 2, 2, 2, 2, 2]);
    expect(eventsOf(ev, 'kept')[0]).toMatchObject({ points: 3700, total: 4000 });
  });

  it('holding three 4s with 550, one more 4 doubles to 1100; another face does not save the roll', () => {
    const g = new Scripted(HD(), 2);
    g.roll([4, 4, 4, 1, 5, 2]);
    g.keep([4, 4, 4, 1, 5]);
    expect(g.state.turn).toMatchObject({ total: 550, available: 1, held: 1 << 3 });
    g.roll([4]);
    const ev = g.keep([4]);
    expect(eventsOf(ev, 'kept')[0]).toMatchObject({ points: 550, total: 1100 });

    const h = new Scripted(HD(), 2);
    h.roll([4, 4, 4, 1, 5, 2]);
    h.keep([4, 4, 4, 1, 5]);
    const z = h.roll([3]);
    expect(z).toContainEqual({ type: 'zilch', seat: 0, lost: 550, locked: 0 });
  });

  it('three 1s kept one by one are singles, and form no held set', () => {
    const g = new Scripted(HD(), 2);
    g.roll([1, 2, 3, 4, 6, 6]);
    g.keep([1]);
    g.roll([1, 2, 3, 4, 6]);
    g.keep([1]);
    g.roll([1, 2, 3, 4]);
    g.keep([1]);
    g.roll([1, 2, 3]);
    g.keep([1]);
    expect(g.state.turn).toMatchObject({ total: 400, held: 0 });
  });
});

describe('nothing bonus and the three-zilch penalty (zilch-online)', () => {
  it('2 3 4 6 6 3 scores 500, all six kept: hot dice', () => {
    const g = new Scripted(preset('zilch-online'), 2);
    const ev = g.roll([2, 3, 4, 6, 6, 3]);
    expect(eventsOf(ev, 'zilch')).toEqual([]);
    const kept = g.keep([2, 3, 4, 6, 6, 3]);
    expect(eventsOf(kept, 'kept')[0]).toMatchObject({ points: 500, total: 500 });
    expect(eventsOf(kept, 'hot-dice')).toHaveLength(1);
    expect(g.state.turn).toMatchObject({ available: 6, hot: true });
    g.bank();
    expect(g.state.scores).toEqual([500, 0]);
  });

  it('the third zilch in a row costs 500 and resets the count; scores may go negative', () => {
    const g = new Scripted(preset('zilch-online'), 2);
    for (let i = 0; i < 2; i++) {
      zilchTurn(g);
      zilchTurn(g);
    }
    expect(g.state.zilchStreak).toEqual([2, 2]);
    expect(g.state.scores).toEqual([0, 0]);
    zilchTurn(g);
    expect(eventsOf(g.events, 'penalty')).toEqual([
      { type: 'penalty', seat: 0, points: 500, score: -500 },
    ]);
    expect(g.state.zilchStreak).toEqual([0, 2]);
    zilchTurn(g);
    expect(g.state.scores).toEqual([-500, -500]);
    for (let i = 0; i < 3; i++) {
      zilchTurn(g);
      zilchTurn(g);
    }
    expect(g.state.scores).toEqual([-1000, -1000]);
  });

  it('any bank resets the count', () => {
    const g = new Scripted(preset('zilch-online'), 2);
    zilchTurn(g);
    zilchTurn(g);
    zilchTurn(g);
    zilchTurn(g);
    g.roll([1, 1, 1, 2, 3, 4]);
    g.keep([1, 1, 1], 'bank');
    expect(g.state.zilchStreak).toEqual([0, 2]);
    // Seat 2's third zilch costs 500; seat 1 zilches twice more: four in all, but a bank between.
    for (let i = 0; i < 5; i++) zilchTurn(g);
    expect(g.state.scores).toEqual([1000, -500]);
    expect(g.state.zilchStreak).toEqual([2, 2]);
  });

  it('inherited turns count toward the penalty (house rule with offers)', () => {
    const rules = { ...preset('zilch-online'), offers: { afterHotDice: true } };
    const g = new Scripted(rules, 2);
    zilchTurn(g);
    g.roll([1, 1, 1, 2, 3, 4]);
    g.keep([1, 1, 1], 'bank');
    g.inherit();
    g.roll([2, 3, 4]);
    expect(g.state.zilchStreak).toEqual([2, 0]);
  });

  it('a timeout does not count toward the penalty', () => {
    const g = new Scripted(preset('zilch-online'), 2);
    zilchTurn(g);
    zilchTurn(g);
    g.act({ type: 'timeout', seat: 0 });
    expect(g.state.zilchStreak).toEqual([1, 1]);
  });
});

describe('refusals: a stable code, a clear message, nothing changed', () => {
  it('createGame needs 2 to 12 players', () => {
    for (const n of [0, 1, 13, 2.5]) {
      const r = createGame(SC(), n, recordedDice([[1, 1]]));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('BAD_ACTION');
    }
  });

  it('every phase refuses what does not belong to it', () => {
    const g = new Scripted(SC(), 2);
    g.refuse({ type: 'roll', seat: 1 }, 'NOT_YOUR_TURN', [[1, 2, 3, 4, 5, 6]]);
    g.refuse({ type: 'fresh', seat: 0 }, 'NO_OFFER');
    g.refuse({ type: 'inherit', seat: 0 }, 'NO_OFFER');
    g.refuse({ type: 'bank', seat: 0 }, 'MUST_ROLL_FIRST');
    g.refuse({ type: 'keep', seat: 0, dice: [0] }, 'MUST_ROLL_FIRST');
    g.refuse({ type: 'dance', seat: 0 } as never, 'BAD_ACTION');
    g.refuse(null as never, 'BAD_ACTION');
    g.roll([1, 5, 2, 3, 6, 6]);
    g.refuse({ type: 'roll', seat: 0 }, 'MUST_KEEP_FIRST', [[1, 2, 3, 4]]);
    g.refuse({ type: 'bank', seat: 0 }, 'MUST_KEEP_FIRST');
    g.refuse({ type: 'keep', seat: 0, dice: [2] }, 'ILLEGAL_SELECTION');
    g.refuse({ type: 'keep', seat: 0, dice: [0, 2] }, 'ILLEGAL_SELECTION');
    g.refuse({ type: 'keep', seat: 0, dice: [] }, 'BAD_ACTION');
    g.refuse({ type: 'keep', seat: 0, dice: [6] }, 'BAD_ACTION');
    g.refuse({ type: 'keep', seat: 0, dice: [-1] }, 'BAD_ACTION');
    g.refuse({ type: 'keep', seat: 0, dice: [0, 0] }, 'BAD_ACTION');
    g.refuse({ type: 'keep', seat: 0, dice: [0.5] }, 'BAD_ACTION');
    g.refuse({ type: 'keep', seat: 0, dice: [0], then: 'dance' } as never, 'BAD_ACTION');
    g.refuse({ type: 'keep', seat: 1, dice: [0] }, 'NOT_YOUR_TURN');
    g.keep([1, 5], 'bank');
    g.refuse({ type: 'roll', seat: 1 }, 'MUST_CHOOSE_START', [[1, 2, 3, 4]]);
    g.refuse({ type: 'bank', seat: 1 }, 'MUST_CHOOSE_START');
    g.refuse({ type: 'inherit', seat: 0 }, 'NOT_YOUR_TURN');
  });

  it('the game over refuses everything', () => {
    const g = new Scripted(preset('farkle-2017'), 2, []);
    g.state.scores = [9900, 0];
    g.roll([1, 2, 3, 4, 6, 6]);
    g.keep([1], 'bank');
    g.refuse({ type: 'roll', seat: 0 }, 'GAME_OVER');
    g.refuse({ type: 'roll', seat: 1 }, 'GAME_OVER');
    g.refuse({ type: 'timeout', seat: 1 }, 'GAME_OVER');
  });

  it('bad rules and unknown presets are BAD_RULES naming the problem', () => {
    const bad = parseRules({ ...SC(), dice: 7 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe('BAD_RULES');
      expect(bad.error.message).toMatch(/ofAKind/);
    }
    const odd = parseRules({ ...SC(), target: 10_001 });
    expect(!odd.ok && odd.error.message).toMatch(/target: points must be a multiple of 50/);
    const unknown = presetRules('yahtzee');
    expect(!unknown.ok && unknown.error).toMatchObject({ code: 'BAD_RULES' });
    expect(!unknown.ok && unknown.error.message).toMatch(/yahtzee/);
    expect(parseRules(SC())).toEqual({ ok: true, rules: SC() });
  });
});
