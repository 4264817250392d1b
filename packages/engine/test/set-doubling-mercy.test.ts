/**
 * Two more house rules of issue 14: growing a held set by doubling the set (setDoubling) and
 * first-roll mercy (firstRollMercy). Scenarios with scripted dice (the examples), and
 * properties over random rolls and whole random games.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  countsOf,
  facesOf,
  keyOfFaces,
  parseRules,
  preset,
  PRESET_IDS,
  replay,
  scoringTable,
  type PresetId,
  type RuleSet,
} from '../src/index.ts';
import { playRandomGame } from './support/random-game.ts';
import { eventsOf, Scripted } from './support/scripted.ts';
import { variant } from './support/variants.ts';

/** A preset with set doubling (Hot Dice extensions off: the two cannot be combined). */
const growing = (id: PresetId): RuleSet =>
  variant(id, 'grow', (r) => ({ ...r, hotDiceDoubling: false, setDoubling: true }));
/** The same preset without either doubling rule. */
const plain = (id: PresetId): RuleSet =>
  variant(id, 'plain', (r) => ({ ...r, hotDiceDoubling: false }));
const mercy = (id: PresetId, points = 50): RuleSet =>
  variant(id, `mercy ${points}`, (r) => ({ ...r, firstRollMercy: { points } }));

const presetId = fc.constantFrom(...PRESET_IDS);

describe('growing a set by doubling the set (setDoubling)', () => {
  it("the issue's example: 3 3 3 + 1 kept (400), then one 3 → 700, another 3 → 1,300", () => {
    const g = new Scripted(growing('classic'), 2);
    g.roll([3, 3, 3, 1, 2, 4]);
    g.keep([3, 3, 3, 1]);
    expect(g.state.turn.total).toBe(400);
    expect(g.state.turn.sets).toEqual([0, 0, 300, 0, 0, 0]);
    g.roll([3, 2]);
    const first = g.keep([3]);
    // The set doubles (+300), not the running total (which would give 800).
    expect(eventsOf(first, 'kept')[0]).toMatchObject({ points: 300, total: 700 });
    expect(g.state.turn.sets).toEqual([0, 0, 600, 0, 0, 0]);
    g.roll([3]);
    const second = g.keep([3]);
    expect(eventsOf(second, 'kept')[0]).toMatchObject({ points: 600, total: 1300 });
    // Every die was used: hot dice picks the set up again.
    expect(eventsOf(second, 'hot-dice')).toHaveLength(1);
    expect(g.state.turn.sets).toEqual([0, 0, 0, 0, 0, 0]);
    expect(g.state.turn.held).toBe(0);
  });

  it('several dice of the held face in one later roll each double the set', () => {
    const g = new Scripted(growing('classic'), 2);
    g.roll([3, 3, 3, 2, 4, 6]);
    g.keep([3, 3, 3]);
    g.roll([3, 3, 2]);
    const ev = g.keep([3, 3]);
    // 300 → 600 → 1,200: +900.
    expect(eventsOf(ev, 'kept')[0]).toMatchObject({ points: 900, total: 1200 });
    expect(g.state.turn.sets[2]).toBe(1200);
  });

  it('a set formed from four of a kind is worth its table points (3333 = 600 in classic)', () => {
    const g = new Scripted(growing('classic'), 2);
    g.roll([3, 3, 3, 3, 2, 4]);
    g.keep([3, 3, 3, 3]);
    expect(g.state.turn.sets[2]).toBe(600);
    g.roll([3, 6]);
    expect(eventsOf(g.keep([3]), 'kept')[0]!.points).toBe(600);
  });

  it("Ten Dice's four 1s (three 1s + a single, 1,100) hold the three 1s' set: 1,000", () => {
    const g = new Scripted({ ...growing('ten-dice'), firstPlayer: 'random' }, 2);
    g.roll([1, 1, 1, 1, 2, 3, 4, 6, 6, 2]);
    expect(eventsOf(g.keep([1, 1, 1, 1]), 'kept')[0]!.points).toBe(1100);
    expect(g.state.turn.sets).toEqual([1000, 0, 0, 0, 0, 0]);
    g.roll([1, 2, 3, 4, 6, 6]);
    expect(eventsOf(g.keep([1]), 'kept')[0]!.points).toBe(1000);
  });

  it('a die of a held face scores on its own: a roll showing one is not a zilch', () => {
    const rules = growing('classic');
    expect(scoringTable(rules).lookup([2, 3, 4]).zilch).toBe(true);
    expect(scoringTable(rules).lookup([2, 3, 4], 1 << 2).zilch).toBe(false);
    const g = new Scripted(rules, 2);
    g.roll([3, 3, 3, 2, 4, 6]);
    g.keep([3, 3, 3]);
    g.roll([2, 3, 4]);
    expect(g.state.phase).toBe('keep');
    expect(eventsOf(g.keep([3]), 'kept')[0]!.points).toBe(300);
  });

  it('each face has its own set: a later 2 doubles only the 2s', () => {
    const g = new Scripted({ ...growing('ten-dice'), firstPlayer: 'random' }, 2);
    g.roll([2, 2, 2, 4, 4, 4, 3, 6, 6, 3]);
    g.keep([2, 2, 2, 4, 4, 4]);
    expect(g.state.turn.total).toBe(600);
    expect(g.state.turn.sets).toEqual([0, 200, 0, 400, 0, 0]);
    g.roll([2, 3, 6, 6]);
    expect(eventsOf(g.keep([2]), 'kept')[0]!.points).toBe(200);
    expect(g.state.turn.sets).toEqual([0, 400, 0, 400, 0, 0]);
  });

  it('an inheritor takes the points and dice, never the held set', () => {
    const rules = growing('serendipity-creak');
    const g = new Scripted(rules, 2);
    g.roll([3, 3, 3, 2, 4, 6]);
    g.keep([3, 3, 3]);
    g.roll([5, 2, 4]);
    g.keep([5], 'bank'); // 350 offered with 2 dice
    expect(g.state.offer).toEqual({ points: 350, dice: 2 });
    g.inherit();
    expect(g.state.turn.sets).toEqual([0, 0, 0, 0, 0, 0]);
    const ev = g.roll([3, 2]);
    expect(eventsOf(ev, 'zilch')).toEqual([{ type: 'zilch', seat: 1, lost: 350, locked: 0 }]);
  });

  it('a zilch or a bank ends the held set with the turn', () => {
    const g = new Scripted(growing('classic'), 2);
    g.roll([3, 3, 3, 2, 4, 6]);
    g.keep([3, 3, 3]);
    g.roll([2, 4, 6]);
    expect(g.state.turn.sets).toEqual([0, 0, 0, 0, 0, 0]);
    expect(g.seat).toBe(1);
  });

  it('a rules file may not combine it with Hot Dice extensions', () => {
    const r = parseRules({ ...preset('hot-dice'), setDoubling: true });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/setDoubling: set doubling and Hot Dice extensions/);
    expect(parseRules({ ...preset('classic'), setDoubling: true }).ok).toBe(true);
  });

  test.prop([presetId, fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 10 })], {
    numRuns: 300,
  })('with nothing held, every roll scores exactly as without the rule', (id, roll) => {
    const faces = roll.slice(0, preset(id).dice);
    const on = scoringTable(growing(id)).lookup(faces);
    const off = scoringTable(plain(id)).lookup(faces);
    expect(on.options.map((o) => [o.key, o.points])).toEqual(
      off.options.map((o) => [o.key, o.points]),
    );
  });

  test.prop([presetId, fc.integer()], { numRuns: 30 })(
    'random games: every keep scores the best number of held-face dice doubling their sets, sets end with hot dice and turns, and the log replays',
    (id, seed) => {
      const rules = growing(id);
      const base = scoringTable(plain(id));
      const played = playRandomGame(rules, 2, seed, (step) => {
        const { before, after, action } = step;
        const t = after.turn;
        for (let f = 0; f < 6; f++) expect(t.sets[f]! > 0).toBe((t.held & (1 << f)) !== 0);
        if (t.hot || after.current !== before.current) expect(t.sets).toEqual([0, 0, 0, 0, 0, 0]);
        if (action.type !== 'keep') return;
        const roll = before.turn.roll!;
        const kept = countsOf(action.dice.map((p) => roll[p]!));
        const sets = before.turn.sets;
        // An independent reading: k_f dice of each held face double their set; the rest
        // must score as a selection without held sets.
        let best = -Infinity;
        const ks = [0, 0, 0, 0, 0, 0];
        const walk = (f: number): void => {
          if (f === 6) {
            const rest = kept.map((c, i) => c - ks[i]!);
            const restFaces = facesOf(rest);
            let pts = 0;
            if (restFaces.length > 0) {
              const o = base.lookup(restFaces).options.find((x) => x.key === keyOfFaces(restFaces));
              if (!o) return;
              pts = o.points;
            }
            for (let i = 0; i < 6; i++) pts += sets[i]! * (2 ** ks[i]! - 1);
            best = Math.max(best, pts);
            return;
          }
          const most = sets[f]! > 0 ? kept[f]! : 0;
          for (let k = 0; k <= most; k++) {
            ks[f] = k;
            walk(f + 1);
          }
          ks[f] = 0;
        };
        walk(0);
        expect(eventsOf(step.events, 'kept')[0]!.points).toBe(best);
        // A held set only grows, by doubling.
        if (!t.hot && after.current === before.current)
          for (let f = 0; f < 6; f++) {
            const was = sets[f]!;
            if (was > 0) expect(Number.isInteger(Math.log2(t.sets[f]! / was))).toBe(true);
          }
      });
      expect(replay(played.log).state).toEqual(played.state);
    },
  );
});

describe('first-roll mercy (firstRollMercy)', () => {
  const ZILCH6 = [2, 3, 4, 6, 6, 3];

  it('a zilch on the first roll scores 50 and the player rolls every die again', () => {
    const g = new Scripted(mercy('serendipity-creak'), 2);
    const ev = g.roll(ZILCH6);
    expect(eventsOf(ev, 'mercy')).toEqual([{ type: 'mercy', seat: 0, points: 50, total: 50 }]);
    expect(eventsOf(ev, 'zilch')).toEqual([]);
    expect(g.seat).toBe(0);
    expect(g.state.phase).toBe('roll');
    expect(g.state.turn).toMatchObject({ total: 50, available: 6, rolls: 1 });
    // Nobody banks without a keep: the re-roll is the only move.
    g.refuse({ type: 'bank', seat: 0 }, 'MUST_ROLL_FIRST');
    g.roll([1, 2, 3, 4, 6, 6]);
    g.keep([1], 'bank');
    expect(g.state.scores).toEqual([150, 0]);
  });

  it('a second zilch ends the turn normally, losing the mercy points too', () => {
    const g = new Scripted(mercy('serendipity-creak'), 2);
    g.roll(ZILCH6);
    const ev = g.roll(ZILCH6);
    expect(eventsOf(ev, 'zilch')).toEqual([{ type: 'zilch', seat: 0, lost: 50, locked: 0 }]);
    expect(eventsOf(ev, 'mercy')).toEqual([]);
    expect(g.seat).toBe(1);
    expect(g.state.scores).toEqual([0, 0]);
  });

  it('only the first roll: a zilch after a keep is a plain zilch', () => {
    const g = new Scripted(mercy('serendipity-creak'), 2);
    g.roll([1, 2, 3, 4, 6, 6]);
    g.keep([1]);
    expect(eventsOf(g.roll([2, 3, 4, 6, 6]), 'zilch')).toHaveLength(1);
    expect(g.seat).toBe(1);
  });

  it("an inherited turn's first roll gets no mercy", () => {
    const g = new Scripted(mercy('serendipity-creak'), 2);
    g.roll([1, 2, 3, 4, 6, 6]);
    g.keep([1], 'bank');
    g.inherit();
    const ev = g.roll([2, 3, 4, 6, 6]);
    expect(eventsOf(ev, 'mercy')).toEqual([]);
    expect(eventsOf(ev, 'zilch')).toEqual([{ type: 'zilch', seat: 1, lost: 100, locked: 0 }]);
    // Starting fresh instead does get it.
    g.roll([1, 2, 3, 4, 6, 6]);
    g.keep([1], 'bank');
    g.fresh();
    expect(eventsOf(g.roll(ZILCH6), 'mercy')).toHaveLength(1);
  });

  it('the mercy zilch does not count toward the three-zilch penalty', () => {
    const rules: RuleSet = {
      ...preset('zilch-online'),
      nothingBonus: null,
      firstRollMercy: { points: 50 },
    };
    const g = new Scripted(rules, 2);
    for (let turn = 0; turn < 2; turn++) {
      g.roll(ZILCH6); // mercy: the streak stays
      expect(g.state.zilchStreak[0]).toBe(turn);
      g.roll(ZILCH6); // the turn's zilch: it counts once
      expect(g.state.zilchStreak[0]).toBe(turn + 1);
      g.roll([1, 2, 3, 4, 6, 6]);
      g.keep([1]);
      g.roll([1, 1, 2, 3, 4]);
      g.keep([1, 1], 'bank'); // seat 2 banks 300
    }
    g.roll(ZILCH6);
    const ev = g.roll(ZILCH6);
    expect(eventsOf(ev, 'penalty')).toEqual([
      { type: 'penalty', seat: 0, points: 500, score: -500 },
    ]);
  });

  it('Ten Dice lock: hot dice after the mercy locks the mercy points with the rest', () => {
    // Ten dice always show three of a face; with triples of 2, 3, 4 and 6 worth nothing the
    // first roll can zilch.
    const ten = preset('ten-dice');
    const rules: RuleSet = {
      ...ten,
      firstPlayer: 'random',
      ofAKind: ten.ofAKind.map((row, f) => (f === 0 || f === 4 ? row : [0, ...row.slice(1)])),
      firstRollMercy: { points: 50 },
    };
    const ZILCH10 = [2, 2, 2, 3, 3, 3, 4, 4, 6, 6];
    const g = new Scripted(rules, 2);
    expect(eventsOf(g.roll(ZILCH10), 'mercy')).toHaveLength(1);
    g.roll([1, 1, 1, 5, 5, 5, 1, 1, 1, 5]);
    g.keep([1, 1, 1, 5, 5, 5, 1, 1, 1, 5]);
    const t = g.state.turn;
    expect(t.hot).toBe(true);
    expect(t.locked).toBe(t.total);
    expect(t.total).toBeGreaterThan(50);
    g.roll(ZILCH10);
    expect(g.state.scores[0]).toBe(t.locked);
  });

  test.prop([presetId, fc.integer(), fc.constantFrom(50, 100, 500)], { numRuns: 20 })(
    'random games: mercy only on a fresh first roll, once a turn, never counted as a zilch, and the log replays',
    (id, seed, points) => {
      const rules = mercy(id, points);
      const played = playRandomGame(rules, 3, seed, (step) => {
        const { before, after, events } = step;
        const fresh = before.turn.rolls === 0 && before.turn.inherited === 0;
        const rolledZilch = eventsOf(events, 'zilch').length > 0;
        const mercies = eventsOf(events, 'mercy');
        if (mercies.length > 0) {
          expect(fresh && step.action.type === 'roll').toBe(true);
          expect(mercies).toEqual([{ type: 'mercy', seat: before.current, points, total: points }]);
          expect(after.phase).toBe('roll');
          expect(after.turn).toMatchObject({ total: points, available: rules.dice, rolls: 1 });
          expect(after.zilchStreak).toEqual(before.zilchStreak);
          expect(after.scores).toEqual(before.scores);
        }
        if (rolledZilch && step.action.type === 'roll') expect(fresh).toBe(false);
      });
      expect(replay(played.log).state).toEqual(played.state);
    },
  );
});
