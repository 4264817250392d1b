/** Properties of scoring and play, checked with fast-check over every preset. */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  applyAction,
  applyInPlace,
  cloneState,
  countsOf,
  createGame,
  facesOf,
  legalActions,
  lean,
  optionGain,
  positionsFor,
  preset,
  PRESET_IDS,
  recordedDice,
  replay,
  scoringTable,
  seededDice,
  selectOption,
  type Action,
  type GameEvent,
  type GameLog,
  type GameState,
  type PresetId,
} from '../src/index.ts';
import { botRandom, playRandomGame } from './support/random-game.ts';

const presetId = fc.constantFrom(...PRESET_IDS);
const die = fc.integer({ min: 1, max: 6 });

/** A preset and a roll of 1..dice dice for it. */
const presetAndRoll = presetId.chain((id) =>
  fc.tuple(fc.constant(id), fc.array(die, { minLength: 1, maxLength: preset(id).dice })),
);

/** Setup dice that make seat 1 (index 0) start in each preset. */
const SETUP: Record<PresetId, number[][]> = {
  'serendipity-creak': [[1, 1]],
  classic: [[1, 1]],
  'hot-dice': [[1, 1]],
  'ten-dice': [new Array<number>(10).fill(6), new Array<number>(10).fill(1)],
  'zilch-online': [[1, 1]],
  'farkle-2017': [],
};

/** A game state of `id` with `roll` in front of seat 1 (index 0), a running total and held faces. */
function stateWithRoll(id: PresetId, roll: number[], total: number, held: number): GameState {
  const rules = preset(id);
  const created = createGame(rules, 2, recordedDice(SETUP[id]));
  if (!created.ok) throw new Error(created.error.message);
  const s = cloneState(created.state);
  s.phase = 'keep';
  s.turn.roll = roll.slice();
  s.turn.available = roll.length;
  s.turn.total = total;
  s.turn.held = held;
  return s;
}

describe('scoring', () => {
  test.prop([presetAndRoll, fc.integer({ min: 0, max: 200 })])(
    'points are multiples of 50, from any running total',
    ([id, roll], fifties) => {
      const info = scoringTable(preset(id)).lookup(roll);
      for (const o of info.options) {
        expect(o.points % 50).toBe(0);
        expect(o.points).toBeGreaterThan(0);
        expect(optionGain(o, fifties * 50) % 50).toBe(0);
      }
    },
  );

  test.prop([presetAndRoll])('a selection only uses dice of the roll', ([id, roll]) => {
    const info = scoringTable(preset(id)).lookup(roll);
    const have = countsOf(roll);
    expect(info.dice).toBe(roll.length);
    expect(info.zilch).toBe(info.options.length === 0);
    const keys = new Set<number>();
    for (const o of info.options) {
      o.counts.forEach((c, f) => expect(c).toBeLessThanOrEqual(have[f]!));
      expect(o.keep).toEqual(facesOf(o.counts));
      expect(o.dice).toBe(o.keep.length);
      expect(o.dice).toBeGreaterThan(0);
      expect(keys.has(o.key)).toBe(false);
      keys.add(o.key);
    }
  });

  test.prop([presetAndRoll])(
    'the best option dominates every other and is itself legal',
    ([id, roll]) => {
      const info = scoringTable(preset(id)).lookup(roll);
      if (info.zilch) {
        expect(info.best).toBeNull();
        return;
      }
      const best = info.best!;
      for (const o of info.options) expect(best.points).toBeGreaterThanOrEqual(o.points);
      const s = stateWithRoll(id, roll, 0, 0);
      const r = applyAction(
        s,
        { type: 'keep', seat: 0, dice: positionsFor(roll, best.keep) },
        recordedDice([]),
      );
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.state.turn.total).toBe(best.points);
    },
  );

  test.prop([
    fc.array(die, { minLength: 1, maxLength: 6 }),
    fc.integer({ min: 0, max: 63 }),
    fc.integer({ min: 0, max: 100 }),
  ])(
    'hot-dice: with held sets, every option is legal and its gain matches the running total it is kept on',
    (roll, held, fifties) => {
      // A held set means a triple was kept this turn, so the running total is at least 200.
      const total = (held ? 200 : 0) + fifties * 50;
      const info = scoringTable(preset('hot-dice')).lookup(roll, held);
      const s = stateWithRoll('hot-dice', roll, total, held);
      for (const o of info.options) {
        const sel = selectOption(s, positionsFor(roll, o.keep));
        expect('option' in sel && sel.option.key).toBe(o.key);
        const gain = optionGain(o, total);
        expect(gain).toBeGreaterThan(0);
        expect(gain % 50).toBe(0);
      }
      // A roll holding a die of a held face is never a zilch.
      if (roll.some((f) => held & (1 << (f - 1)))) expect(info.zilch).toBe(false);
    },
  );
});

/** Score changes an action's events explain, per seat. */
function explainedChanges(events: readonly GameEvent[], players: number): number[] {
  const d = new Array<number>(players).fill(0);
  for (const e of events) {
    if (e.type === 'banked') d[e.seat]! += e.points;
    if (e.type === 'penalty') d[e.seat]! -= e.points;
  }
  return d;
}

describe('play', () => {
  const game = fc.record({
    id: presetId,
    players: fc.integer({ min: 2, max: 4 }),
    seed: fc.integer(),
  });

  test.prop([game], { numRuns: 40 })(
    'replay from the log equals live play',
    ({ id, players, seed }) => {
      const played = playRandomGame(preset(id), players, seed);
      const log = JSON.parse(JSON.stringify(played.log)) as GameLog;
      const again = replay(log);
      expect(again.state).toEqual(played.state);
      expect(again.events).toEqual(played.events);
    },
  );

  test.prop([game], { numRuns: 40 })(
    'no action by a player not on turn is accepted, and a refusal changes nothing',
    ({ id, players, seed }) => {
      let checked = 0;
      playRandomGame(preset(id), players, seed, ({ before, action }) => {
        if (checked++ % 7 !== 0) return;
        const frozen = cloneState(before);
        for (let seat = 0; seat < players; seat++) {
          if (seat === before.current) continue;
          const stranger = { ...action, seat } as Action;
          const r = applyAction(before, stranger, recordedDice([]));
          expect(r.ok).toBe(false);
          if (!r.ok) expect(r.error.code).toBe('NOT_YOUR_TURN');
        }
        expect(before).toEqual(frozen);
      });
    },
  );

  test.prop([game], { numRuns: 60 })(
    'scores only change by banks, locks and penalties; every game ends; winners hold the top score',
    ({ id, players, seed }) => {
      const played = playRandomGame(preset(id), players, seed, ({ before, after, events }) => {
        const d = explainedChanges(events, players);
        after.scores.forEach((v, i) => expect(v - before.scores[i]!).toBe(d[i]));
        for (const e of events)
          if (e.type === 'banked' || e.type === 'penalty')
            expect(e.score).toBe(after.scores[e.seat]);
      });
      const s = played.state;
      expect(s.phase).toBe('over');
      const top = Math.max(...s.scores);
      expect(s.winners).toEqual(s.scores.flatMap((v, i) => (v === top ? [i] : [])));
      const target = s.rules.target;
      expect(s.scores.some((v) => v >= target)).toBe(true);
    },
  );

  test.prop([game], { numRuns: 60 })(
    'the checked step run in place with no events reaches the same state as applyAction',
    ({ id, players, seed }) => {
      const played = playRandomGame(preset(id), players, seed);
      const rules = preset(id);
      const first = lean.chooseFirst(rules, players, recordedDice(played.log.setupDice));
      const s = lean.initialState(rules, players, first.seat);
      for (const { action, dice } of played.log.entries) {
        expect(applyInPlace(s, action, recordedDice(dice))).toBeNull();
      }
      expect(s).toEqual(played.state);
    },
  );

  test.prop([game, fc.integer()], { numRuns: 40 })(
    'in place, any action (legal or not) is refused exactly as applyAction refuses it, and a refusal changes nothing',
    ({ id, players, seed }, pick) => {
      const rnd = botRandom(pick);
      let checked = 0;
      playRandomGame(preset(id), players, seed, ({ before }) => {
        if (checked++ % 5 !== 0) return;
        for (const action of anyActions(before, rnd)) {
          const viaCopy = applyAction(before, action, seededDice(seed));
          const s = cloneState(before);
          const events: GameEvent[] = [];
          const error = applyInPlace(s, action, seededDice(seed), (e) => events.push(e));
          if (viaCopy.ok) {
            expect(error).toBeNull();
            expect(s).toEqual(viaCopy.state);
            expect(events).toEqual(viaCopy.events);
          } else {
            expect(error).toEqual(viaCopy.error);
            expect(s).toEqual(before);
            expect(events).toEqual([]);
          }
        }
      });
    },
  );
});

/** Actions of every type for the seat on turn and one other, keeps of random dice, with and without a `then`. */
function anyActions(s: GameState, rnd: () => number): Action[] {
  const seats = [s.current, (s.current + 1) % s.players];
  const out: Action[] = [];
  for (const seat of seats) {
    for (const type of ['fresh', 'inherit', 'roll', 'bank', 'timeout'] as const)
      out.push({ type, seat });
    const n = s.turn.roll?.length ?? s.rules.dice;
    const dice = Array.from({ length: n }, (_, i) => i).filter(() => rnd() < 0.4);
    for (const then of [undefined, 'bank', 'roll'] as const)
      out.push(then ? { type: 'keep', seat, dice, then } : { type: 'keep', seat, dice });
  }
  // Keeps the random bot would make, so legal keeps (and keep-then-bank below the minimum) turn up.
  for (const a of legalActions(s)) if (a.type === 'keep') out.push({ ...a, then: 'bank' }, a);
  return out;
}
