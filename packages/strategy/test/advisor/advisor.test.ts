import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  applyAction,
  legalActions,
  lean,
  preset,
  seededDice,
  type Action,
  type GameState,
  type PresetId,
  type RuleSet,
} from '@zilch/engine';
import { diskSolutions } from '../../src/solver/cache.ts';
import { advise, type Advice, type Move } from '../../src/advisor/index.ts';
import { randomPosition } from './positions.ts';

const dir = mkdtempSync(join(tmpdir(), 'zilch-advisor-'));
const solutions = diskSolutions(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const faces = (s: GameState, positions: readonly number[]): string =>
  positions
    .map((p) => s.turn.roll![p])
    .sort()
    .join(',');

/** The advice option carrying out a legal action (a plain keep is keep-then-roll). */
function optionFor(s: GameState, advice: Advice, a: Action): Move | undefined {
  return advice.options
    .map((o) => o.move)
    .find((m) => {
      if (a.type !== 'keep') return m.type === a.type;
      return (
        m.type === 'keep' &&
        (m.then ?? 'roll') === (a.then ?? 'roll') &&
        faces(s, m.dice) === faces(s, a.dice)
      );
    });
}

function checkAdvice(s: GameState, advice: Advice): void {
  const opts = advice.options;
  if (s.phase === 'over') return void expect(opts).toEqual([]);
  expect(opts.length).toBeGreaterThan(0);
  expect(opts[0]!.loss).toBe(0);
  const best = opts[0]!.value;
  opts.forEach((o, i) => {
    expect(o.loss).toBeGreaterThanOrEqual(0);
    // Relative: in points a value of thousands is one rounding (about 1e-12) from best − loss.
    expect(Math.abs(o.value - (best - o.loss))).toBeLessThanOrEqual(1e-12 * Math.max(1, best));
    if (i > 0) expect(o.loss).toBeGreaterThanOrEqual(opts[i - 1]!.loss);
    if (advice.kind === 'win') {
      expect(o.value).toBeGreaterThanOrEqual(-1e-12);
      expect(o.value).toBeLessThanOrEqual(1 + 1e-12);
    }
    // Every advised move is legal.
    const r = applyAction(s, { ...o.move, seat: s.current } as Action, seededDice(1));
    expect(r.ok).toBe(true);
  });
  // Every legal action is among the options.
  for (const a of legalActions(s)) expect(optionFor(s, advice, a)).toBeDefined();
}

const POINTS_PRESETS: PresetId[] = [
  'serendipity-creak',
  'hot-dice',
  'zilch-online',
  'farkle-2017',
  'classic',
];

describe('advisor', () => {
  it('points: ranks every legal option best first, loss 0 on top (any preset)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...POINTS_PRESETS),
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 0, max: 40 }),
        (id, seed, steps) => {
          const s = randomPosition(preset(id), 2 + (seed % 2), seed, steps);
          const advice = advise(s, 'points');
          expect(advice.kind).toBe('points');
          checkAdvice(s, advice);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('win: ranks every legal option best first for two players (small targets)', () => {
    const rules: Record<string, RuleSet> = {
      sc: { ...preset('serendipity-creak'), target: 1000 },
      farkle: { ...preset('farkle-2017'), target: 1000 },
      opening: { ...preset('classic'), target: 1000, openingMinimum: 300 },
    };
    fc.assert(
      fc.property(
        fc.constantFrom('sc', 'farkle', 'opening'),
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 0, max: 120 }),
        (id, seed, steps) => {
          const s = randomPosition(rules[id]!, 2, seed, steps);
          const advice = advise(s, 'win', { solutions });
          if (s.phase !== 'over') expect(advice.kind).toBe('win');
          checkAdvice(s, advice);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('auto: win for two players when a solution is at hand, points otherwise', () => {
    const small = { ...preset('serendipity-creak'), target: 1000 };
    expect(advise(lean.initialState(small, 2, 0), 'auto', { solutions }).kind).toBe('win');
    expect(advise(lean.initialState(small, 3, 0), 'auto', { solutions }).kind).toBe('points');
    expect(advise(lean.initialState(preset('ten-dice'), 2, 0), 'win', { solutions }).kind).toBe(
      'points',
    );
  });

  it('values a bank at the running total in points mode', () => {
    const s = randomPosition(preset('serendipity-creak'), 2, 5, 0);
    const r = applyAction(s, { type: 'roll', seat: s.current }, seededDice(9));
    if (!r.ok || r.state.phase !== 'keep') return;
    for (const o of advise(r.state, 'points').options)
      if (o.move.type === 'keep' && o.move.then === 'bank')
        expect(o.value).toBe(Number(/bank (\d+)/.exec(o.label)![1]));
  });

  it('offers: weighs fresh against inherit with the turn solver', () => {
    const rules = preset('serendipity-creak');
    const s = lean.initialState(rules, 2, 0);
    s.phase = 'choose';
    s.offer = { points: 1000, dice: 5 };
    const advice = advise(s, 'points');
    expect(advice.options.map((o) => o.move.type).sort()).toEqual(['fresh', 'inherit']);
    // 1000 points with five dice beats a fresh start of about 650 expected points.
    expect(advice.options[0]!.move.type).toBe('inherit');
  });
});
