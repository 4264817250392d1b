/**
 * House rules other Zilch tables play (issue 14), each an option that is off when absent:
 * scenarios with scripted dice, and properties over random rolls.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  countsOf,
  parseRules,
  preset,
  PRESET_IDS,
  replay,
  scoringTable,
  type GameEvent,
  type PresetId,
  type RuleSet,
} from '../src/index.ts';
import { playRandomGame } from './support/random-game.ts';
import { eventsOf, Scripted } from './support/scripted.ts';
import { variant } from './support/variants.ts';

const presetId = fc.constantFrom(...PRESET_IDS);
const die = fc.integer({ min: 1, max: 6 });
/** A preset and a roll of 1..dice dice for it. */
const presetAndRoll = presetId.chain((id) =>
  fc.tuple(fc.constant(id), fc.array(die, { minLength: 1, maxLength: preset(id).dice })),
);
/** A preset and a roll of all its dice. */
const presetAndFullRoll = presetId.chain((id) =>
  fc.tuple(
    fc.constant(id),
    fc.array(die, { minLength: preset(id).dice, maxLength: preset(id).dice }),
  ),
);

/** Options of a roll as "kept faces=points", best first. */
const options = (rules: RuleSet, roll: number[]): string[] =>
  scoringTable(rules)
    .lookup(roll)
    .options.map((o) => `${o.keep.join('')}=${o.points}`);

const SC = (): RuleSet => preset('serendipity-creak');

describe('house rules are off unless named', () => {
  it('no preset names one, so every preset plays (and stores) exactly as before', () => {
    for (const id of PRESET_IDS) {
      const r = preset(id) as Record<string, unknown>;
      for (const key of ['keepSetsWhole', 'bonusFloor']) expect(Object.hasOwn(r, key)).toBe(false);
      expect((r.twoTriplets as { sixOfAKind?: boolean } | null)?.sixOfAKind ?? false).toBe(false);
    }
  });

  test.prop([presetAndRoll], { numRuns: 300 })(
    'naming them false changes no roll of any preset',
    ([id, roll]) => {
      const off = variant(id, 'off', (r) => ({
        ...r,
        keepSetsWhole: false,
        bonusFloor: false,
        twoTriplets: r.twoTriplets && { ...r.twoTriplets, sixOfAKind: false },
      }));
      expect(options(off, roll)).toEqual(
        options(
          variant(id, 'as is', (r) => r),
          roll,
        ),
      );
    },
  );

  it('a rules file may name them; a wrong type is refused with the field', () => {
    expect(parseRules({ ...SC(), keepSetsWhole: true, bonusFloor: false }).ok).toBe(true);
    const bad = parseRules({ ...SC(), bonusFloor: 'yes' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/bonusFloor:/);
  });
});

describe('six of a kind as two triplets (twoTriplets.sixOfAKind)', () => {
  const classic6 = (): RuleSet => ({
    ...preset('classic'),
    twoTriplets: { points: 2500, sixOfAKind: true },
  });

  it('six 2s score the two-triplets points when that beats the of-a-kind table', () => {
    expect(options(preset('classic'), [2, 2, 2, 2, 2, 2])[0]).toBe('222222=800');
    expect(options(classic6(), [2, 2, 2, 2, 2, 2])[0]).toBe('222222=2500');
    // Six 1s in classic: 4,000 from the table beats 2,500.
    expect(options(classic6(), [1, 1, 1, 1, 1, 1])[0]).toBe('111111=4000');
  });

  it('in play: six 4s kept at once are 2,500 and hot dice', () => {
    const g = new Scripted(classic6(), 2);
    g.roll([4, 4, 4, 4, 4, 4]);
    const events = g.keep([4, 4, 4, 4, 4, 4]);
    expect(eventsOf(events, 'kept')[0]!.points).toBe(2500);
    expect(eventsOf(events, 'hot-dice')).toHaveLength(1);
  });

  test.prop([presetAndRoll], { numRuns: 300 })(
    'changes only rolls holding six of one face, and never lowers a selection',
    ([id, roll]) => {
      const on = variant(id, 'six', (r) => ({
        ...r,
        twoTriplets: { points: 2500, sixOfAKind: true },
      }));
      const base = variant(id, 'two', (r) => ({ ...r, twoTriplets: { points: 2500 } }));
      const a = scoringTable(base).lookup(roll);
      const b = scoringTable(on).lookup(roll);
      if (!countsOf(roll).some((c) => c >= 6))
        expect(options(on, roll)).toEqual(options(base, roll));
      for (const o of b.options) {
        const before = a.options.find((x) => x.key === o.key);
        if (before) expect(o.points).toBeGreaterThanOrEqual(before.points);
      }
      expect(b.zilch).toBe(a.zilch);
    },
  );
});

describe('a set must be kept whole (keepSetsWhole)', () => {
  const whole = (id: PresetId = 'serendipity-creak'): RuleSet =>
    variant(id, 'whole', (r) => ({ ...r, keepSetsWhole: true }));

  it('1 1 1 5 2 3: the three 1s go together; a lone 1 or two 1s cannot be kept', () => {
    expect(options(whole(), [1, 1, 1, 5, 2, 3])).toEqual(['1115=1050', '111=1000', '5=50']);
    const g = new Scripted(whole(), 2);
    g.roll([1, 1, 1, 5, 2, 3]);
    const msg = g.refuse({ type: 'keep', seat: 0, dice: [0] }, 'ILLEGAL_SELECTION');
    expect(msg).toMatch(/cannot be kept/);
    g.refuse({ type: 'keep', seat: 0, dice: [0, 1, 3] }, 'ILLEGAL_SELECTION');
    g.keep([1, 1, 1]);
    expect(g.state.turn.total).toBe(1000);
  });

  it('four 5s are kept as four (1,000), never as three or a single', () => {
    expect(options(whole(), [5, 5, 5, 5, 2, 3])).toEqual(['5555=1000']);
  });

  test.prop([presetAndRoll], { numRuns: 400 })(
    'the options are exactly the unrestricted ones that take all or none of every 3+ face',
    ([id, roll]) => {
      const counts = countsOf(roll);
      const keepsWhole = (kept: readonly number[]): boolean =>
        kept.every((k, f) => (counts[f] as number) < 3 || k === 0 || k === counts[f]);
      const free = scoringTable(variant(id, 'as is', (r) => r)).lookup(roll);
      const held = scoringTable(whole(id)).lookup(roll);
      const expected = free.options.filter((o) => keepsWhole(o.counts));
      expect(held.options.map((o) => [o.key, o.points])).toEqual(
        expected.map((o) => [o.key, o.points]),
      );
      // A roll that scores only by breaking up a set is a zilch (or the nothing bonus).
      if (expected.length === 0)
        expect(held.zilch || held.options[0]!.dice === roll.length).toBe(true);
    },
  );
});

describe('sets kept whole with growing sets (keepSetsWhole + setDoubling)', () => {
  const both = (id: PresetId = 'classic'): RuleSet =>
    variant(id, 'whole growing', (r) => ({
      ...r,
      hotDiceDoubling: false,
      setDoubling: true,
      keepSetsWhole: true,
    }));
  const growingOnly = (id: PresetId): RuleSet =>
    variant(id, 'growing', (r) => ({ ...r, hotDiceDoubling: false, setDoubling: true }));

  it('holding 3 3 3, two 3s in a later roll go together: one alone is refused (the peer)', () => {
    const g = new Scripted(both(), 2);
    g.roll([3, 3, 3, 1, 2, 4]);
    g.keep([3, 3, 3]);
    g.roll([3, 3, 2]);
    const msg = g.refuse({ type: 'keep', seat: 0, dice: [0] }, 'ILLEGAL_SELECTION');
    expect(msg).toMatch(/sets are kept whole, so keep all 2 3s or none/);
    // Both together double the held 300 set twice: +300, +600.
    const kept = g.keep([3, 3]);
    expect(eventsOf(kept, 'kept')[0]).toMatchObject({ points: 900, total: 1200 });
    expect(g.state.turn.sets).toEqual([0, 0, 1200, 0, 0, 0]);
  });

  it('a single die of the held face may still be kept alone', () => {
    const g = new Scripted(both(), 2);
    g.roll([3, 3, 3, 1, 2, 4]);
    g.keep([3, 3, 3]);
    g.roll([3, 2, 4]);
    expect(eventsOf(g.keep([3]), 'kept')[0]).toMatchObject({ points: 300, total: 600 });
  });

  const heldRoll = fc.tuple(
    fc.constantFrom<PresetId>('classic', 'serendipity-creak', 'zilch-online', 'ten-dice'),
    fc.integer({ min: 1, max: 63 }),
    fc.array(die, { minLength: 1, maxLength: 6 }),
  );
  test.prop([heldRoll], { numRuns: 300 })(
    'the options are exactly those of growing sets that take all or none of every 3+ face and held face',
    ([id, held, roll]) => {
      const counts = countsOf(roll);
      const together = (f: number): boolean =>
        (counts[f] as number) >= 3 || (held & (1 << f)) !== 0;
      const keepsWhole = (kept: readonly number[]): boolean =>
        kept.every((k, f) => !together(f) || k === 0 || k === counts[f]);
      const free = scoringTable(growingOnly(id)).lookup(roll, held);
      const whole = scoringTable(both(id)).lookup(roll, held);
      const expected = free.options.filter((o) => keepsWhole(o.counts));
      expect(whole.options.map((o) => [o.key, o.points])).toEqual(
        expected.map((o) => [o.key, o.points]),
      );
    },
  );

  test.prop([heldRoll], { numRuns: 200 })(
    'without growing sets a held mask changes nothing: keepSetsWhole alone looks only at 3+ faces',
    ([id, held, roll]) => {
      const whole = variant(id, 'whole', (r) => ({ ...r, keepSetsWhole: true }));
      const plain = scoringTable(whole).lookup(roll, 0);
      const withHeld = scoringTable(whole).lookup(roll, held);
      if (!whole.hotDiceDoubling) expect(withHeld.options).toEqual(plain.options);
    },
  );
});

describe('bonus as a floor over all the dice (bonusFloor)', () => {
  const floor = (r: RuleSet): RuleSet => ({ ...r, bonusFloor: true });
  const fourPlusPair750 = (): RuleSet => ({
    ...SC(),
    threePairs: { points: 750, form: 'four-plus-pair' },
  });

  it('four 1s and a pair of 3s with a 750 three-pairs floor: 2,000 and hot dice', () => {
    expect(options(fourPlusPair750(), [1, 1, 1, 1, 3, 3])).toContain('111133=750');
    expect(options(floor(fourPlusPair750()), [1, 1, 1, 1, 3, 3])).toContain('111133=2000');
    const g = new Scripted(floor(fourPlusPair750()), 2);
    g.roll([1, 1, 3, 1, 3, 1]);
    const events = g.keep([1, 1, 1, 1, 3, 3]);
    expect(eventsOf(events, 'kept')[0]!.points).toBe(2000);
    expect(eventsOf(events, 'hot-dice')).toHaveLength(1);
    expect(g.state.turn.available).toBe(6);
  });

  it('a straight or three pairs worth more than their split keep their own points', () => {
    expect(options(floor(SC()), [1, 2, 3, 4, 5, 6])[0]).toBe('123456=1500');
    expect(options(floor(SC()), [2, 2, 3, 3, 4, 4])[0]).toBe('223344=1500');
  });

  it('with Hot Dice extensions the whole roll takes the better of the floor and the split', () => {
    const hot: RuleSet = floor({ ...preset('hot-dice'), threePairs: { points: 750, form: 'any' } });
    const info = scoringTable(hot).lookup([4, 4, 4, 4, 1, 1]);
    const whole = info.options.find((o) => o.dice === 6)!;
    // 444 + 4 + 1 + 1: (400 + 200) × 2 = 1,200 beats the 750 floor from 0 ...
    expect(whole.points).toBe(1200);
    expect(whole.forms).toBe(0);
  });

  test.prop([presetAndFullRoll], { numRuns: 400 })(
    'a roll that is not a bonus combination scores as without the rule; one that is scores its best as a whole',
    ([id, roll]) => {
      const on = scoringTable(variant(id, 'floor', floor)).lookup(roll);
      const off = scoringTable(variant(id, 'as is', (r) => r)).lookup(roll);
      const wholeOn = on.options.find((o) => o.dice === roll.length);
      const wholeOff = off.options.find((o) => o.dice === roll.length);
      if (wholeOn && wholeOff && wholeOn.points !== wholeOff.points) {
        // Only a bonus roll changes, and then to the best any selection of it scores.
        const best = Math.max(...off.options.map((o) => o.points));
        expect(wholeOn.points).toBe(best);
      }
      const rest = (o: { dice: number }) => o.dice !== roll.length;
      expect(on.options.filter(rest)).toEqual(off.options.filter(rest));
      expect(on.zilch).toBe(off.zilch);
    },
  );
});

/** A roll of six dice with nothing scoring in every preset without the nothing bonus. */
const ZILCH6 = [2, 3, 4, 6, 6, 3];

/** The player on turn banks 1,000 (three 1s). */
function bank1000(g: Scripted): void {
  g.roll([1, 1, 1, 2, 3, 4]);
  g.keep([1, 1, 1], 'bank');
}
/** The player on turn banks 50 (a 5). */
function bank50(g: Scripted): void {
  g.roll([5, 2, 3, 4, 6, 6]);
  g.keep([5], 'bank');
}
/** The player on turn zilches on the first roll. */
function zilch(g: Scripted): void {
  g.roll(ZILCH6);
}
/** Starts fresh when an offer is in front of the player on turn. */
function freshIfOffered(g: Scripted): void {
  if (g.state.phase === 'choose') g.fresh();
}

describe('a fixed number of rounds (rounds)', () => {
  const rounds = (n: number, ties: RuleSet['ties'] = 'share'): RuleSet => ({
    ...preset('classic'),
    target: 1000,
    rounds: n,
    ties,
  });

  it('every seat plays exactly that many turns; reaching the target does not end the game', () => {
    const g = new Scripted(rounds(2), 3);
    bank1000(g); // seat 1 is at the target: no final round with rounds
    expect(g.state.finalRound).toBeNull();
    for (let t = 0; t < 4; t++) zilch(g);
    expect(g.state.phase).not.toBe('over');
    expect(g.seat).toBe(2);
    bank50(g);
    expect(g.state.phase).toBe('over');
    expect(g.state.winners).toEqual([0]);
    expect(g.state.turnNumber).toBe(6);
    expect(eventsOf(g.events, 'final-round')).toEqual([]);
  });

  it('a tie at the end is shared unless ties is play-off', () => {
    const g = new Scripted(rounds(1), 2);
    bank50(g);
    bank50(g);
    expect(g.state.phase).toBe('over');
    expect(g.state.winners).toEqual([0, 1]);
  });

  it('play-off: the tied players play an extra round, and again, until one leads', () => {
    const g = new Scripted(rounds(1, 'play-off'), 3);
    bank50(g);
    zilch(g);
    bank50(g); // seats 1 and 3 tie on 50
    expect(g.state.phase).toBe('roll');
    expect(g.state.winners).toEqual([0, 2]);
    expect(g.seat).toBe(0);
    zilch(g); // seat 1
    expect(g.seat).toBe(2); // seat 2 is not in the play-off
    zilch(g); // seat 3: still tied, another round
    expect(g.state.phase).toBe('roll');
    expect(g.state.winners).toEqual([0, 2]);
    expect(g.seat).toBe(0);
    zilch(g);
    bank50(g);
    expect(g.state.phase).toBe('over');
    expect(g.state.winners).toEqual([2]);
    const over = eventsOf(g.events, 'game-over');
    expect(over).toEqual([{ type: 'game-over', winners: [2], scores: [50, 0, 100] }]);
  });
});

describe('no shared wins (ties: play-off)', () => {
  const playOff = (): RuleSet => ({ ...SC(), target: 1000, ties: 'play-off' });

  it('a tie after the final round goes to a play-off among the tied; an offer into it lapses', () => {
    const g = new Scripted(playOff(), 3);
    bank1000(g); // seat 1 reaches the target: final round
    freshIfOffered(g);
    bank1000(g); // seat 2 ties
    freshIfOffered(g);
    bank50(g); // seat 3's last turn ends the final round with an offer
    expect(g.state.winners).toEqual([0, 1]);
    expect(g.state.phase).toBe('roll'); // the offer lapsed
    expect(g.state.offer).toBeNull();
    expect(g.seat).toBe(0);
    bank50(g); // seat 1 banks in the play-off: the offer goes to seat 2, the next in it
    expect(g.seat).toBe(1);
    expect(g.state.phase).toBe('choose');
    g.inherit();
    g.roll([5, 2, 3, 4, 6]);
    g.keep([5], 'bank'); // 1,000 + 50 inherited + 50 = 1,100 against 1,050
    expect(g.state.phase).toBe('over');
    expect(g.state.winners).toEqual([1]);
    expect(g.state.scores).toEqual([1050, 1100, 50]);
  });

  it('the play-off starts with the first tied player seated after the last turn, every round', () => {
    const g = new Scripted(playOff(), 3);
    zilch(g); // seat 1
    bank1000(g); // seat 2 reaches the target: final round
    freshIfOffered(g);
    bank1000(g); // seat 3 ties
    freshIfOffered(g);
    bank50(g); // seat 1 takes the last turn of the final round
    expect(g.state.winners).toEqual([1, 2]);
    expect(g.seat).toBe(1); // after seat 1 (index 0) comes seat 2, not the lowest tied seat
    zilch(g);
    expect(g.seat).toBe(2);
    zilch(g); // still tied: the next round starts after seat 3, so with seat 2 again
    expect(g.state.winners).toEqual([1, 2]);
    expect(g.seat).toBe(1);
    expect(g.state.phase).toBe('roll');
  });

  it('with ties: share the same game shares the win', () => {
    const g = new Scripted({ ...playOff(), ties: 'share' }, 3);
    bank1000(g);
    freshIfOffered(g);
    bank1000(g);
    freshIfOffered(g);
    bank50(g);
    expect(g.state.phase).toBe('over');
    expect(g.state.winners).toEqual([0, 1]);
  });

  test.prop(
    [presetId, fc.integer({ min: 2, max: 4 }), fc.integer({ min: 1, max: 3 }), fc.integer()],
    { numRuns: 40 },
  )(
    'random games with rounds and a play-off: one winner, every seat plays the rounds, and the log replays',
    (id, players, n, seed) => {
      const rules: RuleSet = { ...preset(id), rounds: n, ties: 'play-off' };
      const regular = n * players;
      // Turns of the regular rounds by seat; createGame starts the first one.
      const turnsBySeat = new Array<number>(players).fill(0);
      let tiedAfterRounds: number[] | null = null;
      const played = playRandomGame(rules, players, seed, (step) => {
        for (const e of step.events)
          if (e.type === 'turn-started' && step.after.turnNumber <= regular)
            turnsBySeat[e.seat]! += 1;
        const ended = step.after.turnNumber !== regular || step.after.phase === 'over';
        if (step.before.turnNumber === regular && ended) {
          const top = Math.max(...step.after.scores);
          tiedAfterRounds = step.after.scores.flatMap((v, i) => (v === top ? [i] : []));
        }
      });
      turnsBySeat[firstSeat(played.events)]! += 1;
      expect(turnsBySeat).toEqual(new Array<number>(players).fill(n));
      expect(played.state.winners).toHaveLength(1);
      expect(tiedAfterRounds).not.toBeNull();
      // The winner was among the leaders after the rounds; only a tie brings extra turns.
      expect(tiedAfterRounds).toContain(played.state.winners[0]);
      if (tiedAfterRounds!.length === 1) expect(played.state.turnNumber).toBe(regular);
      else expect(played.state.turnNumber).toBeGreaterThan(regular);
      expect(replay(played.log).state).toEqual(played.state);
    },
  );
});

/** The seat whose turn createGame started. */
function firstSeat(events: readonly GameEvent[]): number {
  const e = events.find((x) => x.type === 'first-player');
  return e && e.type === 'first-player' ? e.seat : 0;
}
