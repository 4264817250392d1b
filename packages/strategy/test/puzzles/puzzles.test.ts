import {
  applyAction,
  lean,
  preset,
  recordingDice,
  seededDice,
  type GameLog,
  type GameState,
} from '@zilch/engine';
import { describe, expect, it } from 'vitest';
import {
  advise,
  dailyIndex,
  PUZZLE_MARGIN,
  PUZZLE_MAX_OPTIONS,
  createBot,
  puzzleAt,
  puzzleId,
  puzzleKey,
  puzzlesFromLog,
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

  it('keys a position by what a decision depends on: the same position is one id', () => {
    const s = at({
      phase: 'keep',
      scores: [700, 1050],
      onBoard: [true, true],
      turn: { total: 350, available: 4, roll: [5, 2, 1, 3], rolls: 2 },
    });
    const id = puzzleId(s);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    // A renamed copy of the rules with a turn timer, keys in another order (a jsonb round
    // trip), and the same dice fallen in another order: one position.
    const keys = Object.keys(s.rules).reverse();
    const shuffled = Object.fromEntries(
      keys.map((k) => [k, s.rules[k as keyof typeof s.rules]]),
    ) as typeof s.rules;
    const same: GameState = {
      ...s,
      rules: { ...shuffled, name: 'Friday night', turnTimerSeconds: 60 },
      turn: { ...s.turn, roll: [1, 2, 3, 5] },
      turnNumber: 17,
    };
    expect(puzzleKey(same)).toBe(puzzleKey(s));
    expect(puzzleId(same)).toBe(id);
    // Anything a decision depends on makes another puzzle.
    expect(puzzleId({ ...s, scores: [700, 1100] })).not.toBe(id);
    expect(puzzleId({ ...s, current: 1 })).not.toBe(id);
    expect(puzzleId({ ...s, turn: { ...s.turn, roll: [5, 2, 1, 1] } })).not.toBe(id);
    expect(puzzleId({ ...s, rules: { ...s.rules, target: 2000 } })).not.toBe(id);
    expect(puzzleId({ ...s, finalRound: { by: 1, turnsLeft: 1 } })).not.toBe(id);
  });

  it("cuts a stored game's log as self-play does, bounded per game", async () => {
    // Play a game as self-play does and keep it as the server keeps a log.
    // Seat 1 starts, as self-play's games do: the log needs no setup dice.
    const seat1 = { ...rules, firstPlayer: 'seat-1' as const };
    const bots = [createBot('cautious', seat1, 1), createBot('bold', seat1, 2)];
    const dice = recordingDice(seededDice(77));
    let state = lean.initialState(seat1, 2, 0);
    const entries: GameLog['entries'] = [];
    const direct: { id: string }[] = [];
    while (state.phase !== 'over') {
      const p = await puzzleAt(state, rank, 'game:g1');
      if (p && !direct.some((d) => d.id === p.id)) direct.push(p);
      const action = bots[state.current]!.decide(state);
      const r = applyAction(state, action, dice);
      if (!r.ok) throw new Error(r.error.message);
      entries.push({ action, dice: dice.take() } as GameLog['entries'][number]);
      state = r.state;
    }
    const log: GameLog = { rules: seat1, players: 2, setupDice: [], entries };
    expect(direct.length).toBeGreaterThan(0);
    const cut = await puzzlesFromLog(log, rank, 'game:g1');
    expect(cut.map((p) => p.id)).toEqual(direct.map((p) => p.id));
    expect(cut.every((p) => p.source === 'game:g1')).toBe(true);
    if (cut.length > 1)
      expect(await puzzlesFromLog(log, rank, 'game:g1', { max: 1 })).toHaveLength(1);
    expect(await puzzlesFromLog({ ...log, players: 3 }, rank, 'game:g1')).toEqual([]);
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
