import { lean, preset, type GameState } from '@zilch/engine';
import { describe, expect, it } from 'vitest';
import {
  advise,
  dailyIndex,
  PUZZLE_MARGIN,
  PUZZLE_MAX_OPTIONS,
  puzzleAt,
  puzzleThemes,
  selfPlayPuzzles,
  utcDay,
  type AdviceOption,
  type PuzzleRanker,
} from '../../src/index.ts';

// A small target keeps the exact two-player solve to a few seconds.
const rules = { ...preset('serendipity-creak'), target: 1500 };
const rank: PuzzleRanker = (s, m) => advise(s, m);

function at(
  patch: Partial<Omit<GameState, 'turn'>> & { turn?: Partial<GameState['turn']> },
): GameState {
  const s = lean.initialState(rules, 2, 0);
  return { ...s, ...patch, turn: { ...s.turn, ...patch.turn } };
}
const opt = (move: AdviceOption['move']): AdviceOption => ({ move, label: '', value: 0, loss: 0 });

describe('puzzles', () => {
  it('keeps only positions where the best beats the next by the margin and is not the obvious one', async () => {
    const found = await selfPlayPuzzles(rules, { games: 12, seed: 5, rank });
    expect(found.length).toBeGreaterThan(2);
    for (const p of found) {
      const [best, next] = p.options;
      expect(best!.value - next!.value).toBeGreaterThanOrEqual(PUZZLE_MARGIN);
      expect(p.margin).toBeCloseTo(best!.value - next!.value, 12);
      // The obvious option is what expected points choose, and it is not the best.
      const points = advise(p.state, 'points');
      expect(p.obvious).toBeGreaterThan(0);
      expect(p.options[p.obvious]!.move).toEqual(points.options[0]!.move);
      expect(p.themes).toEqual(puzzleThemes(p.state, p.options));
      expect(p.options.length).toBeLessThanOrEqual(PUZZLE_MAX_OPTIONS);
    }
    expect(new Set(found.map((p) => p.id)).size).toBe(found.length);
  });

  it('is deterministic in its seed', async () => {
    const a = await selfPlayPuzzles(rules, { games: 4, seed: 9, rank });
    const b = await selfPlayPuzzles(rules, { games: 4, seed: 9, rank });
    expect(b.map((p) => p.id)).toEqual(a.map((p) => p.id));
  });

  it('stops at max', async () => {
    expect(await selfPlayPuzzles(rules, { games: 40, seed: 5, rank, max: 2 })).toHaveLength(2);
  });

  it('refuses a position with one option or with the obvious move best', async () => {
    // The first roll of the game: one option only.
    expect(await puzzleAt(at({ phase: 'roll' }), rank, 't')).toBeNull();
    // A ranker whose points and win answers agree: never a puzzle.
    const same: PuzzleRanker = (s) => {
      const w = advise(s, 'win');
      return { ...w, kind: 'win' };
    };
    const s = at({ phase: 'decide', turn: { total: 600, available: 3 } });
    expect(await puzzleAt(s, same, 't')).toBeNull();
  });

  it('tags themes from the position', () => {
    const offer = at({ phase: 'choose', offer: { points: 500, dice: 2 }, scores: [300, 0] });
    expect(puzzleThemes(offer, [opt({ type: 'fresh' }), opt({ type: 'inherit' })])).toEqual([
      'offers',
    ]);
    const final = at({
      phase: 'decide',
      finalRound: { by: 1, turnsLeft: 1 },
      scores: [900, 1600],
      turn: { total: 400, available: 2 },
    });
    expect(puzzleThemes(final, [opt({ type: 'roll' }), opt({ type: 'bank' })])).toEqual([
      'final-round',
      'few-dice',
    ]);
    const hot = at({ phase: 'keep', scores: [200, 300], turn: { roll: [1, 1, 5], available: 3 } });
    expect(
      puzzleThemes(hot, [
        opt({ type: 'keep', dice: [0, 1, 2], then: 'roll' }),
        opt({ type: 'keep', dice: [0], then: 'roll' }),
      ]),
    ).toEqual(['hot-dice']);
    const opening = at({ phase: 'decide', turn: { total: 350, available: 4 } });
    expect(puzzleThemes(opening, [opt({ type: 'roll' }), opt({ type: 'bank' })])).toEqual([
      'opening',
    ]);
  });

  it('chooses the daily puzzle from the date alone', () => {
    expect(dailyIndex('2026-11-28', 50)).toBe(dailyIndex('2026-11-28', 50));
    const days = Array.from({ length: 30 }, (_, i) => utcDay(Date.UTC(2026, 0, 1 + i)));
    const picks = days.map((d) => dailyIndex(d, 50));
    for (const p of picks) expect(p).toBeGreaterThanOrEqual(0);
    for (const p of picks) expect(p).toBeLessThan(50);
    expect(new Set(picks).size).toBeGreaterThan(10);
    expect(dailyIndex('2026-11-28', 0)).toBe(-1);
    expect(utcDay(Date.UTC(2026, 10, 28, 23, 59))).toBe('2026-11-28');
  });
});
