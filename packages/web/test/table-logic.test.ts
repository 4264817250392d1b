import { fc, test } from '@fast-check/vitest';
import {
  applyAction,
  createGame,
  legalActions,
  preset,
  PRESET_IDS,
  recordedDice,
  seededDice,
  type Action,
  type GameEvent,
  type GameState,
} from '@zilch/engine';
import { describe, expect, it } from 'vitest';
import { bannerFor } from '../app/lib/banners.ts';
import { turnLines } from '../app/lib/events.ts';
import { decisionsOf, matchOption } from '../app/lib/review.ts';
import { evaluateSelection, rollAndBank } from '../app/lib/selection.ts';

/** Every preset, and house rules whose points depend on the turn's state (issue 14). */
const RULE_SETS = [
  ...PRESET_IDS.map((id) => preset(id)),
  { ...preset('classic'), setDoubling: true },
  { ...preset('serendipity-creak'), firstRollMercy: { points: 50 } },
];

/** A position reached by playing `steps` random legal actions of a rule set from a seed. */
function position(index: number, seed: number, steps: number): GameState {
  const rules = RULE_SETS[index % RULE_SETS.length]!;
  const dice = seededDice(seed);
  const created = createGame(rules, 2, dice);
  if (!created.ok) throw new Error(created.error.message);
  let s = created.state;
  for (let i = 0; i < steps && s.phase !== 'over'; i++) {
    const legal = legalActions(s);
    const a = legal[(seed + i * 7) % legal.length] as Action;
    const r = applyAction(s, a, dice);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

const positions = fc.record({
  p: fc.nat(RULE_SETS.length - 1),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  steps: fc.nat(40),
  pick: fc.array(fc.nat(9), { maxLength: 10 }),
});

describe('Roll and Bank buttons', () => {
  test.prop([positions], { numRuns: 300 })(
    'are enabled exactly when the engine accepts the move they send',
    ({ p, seed, steps, pick }) => {
      const s = position(p, seed, steps);
      const roll = s.turn.roll ?? [];
      const chosen = [...new Set(pick.filter((i) => i < roll.length))];
      const c = rollAndBank(s, chosen, true, 'them');
      const accepts = (then: 'roll' | 'bank'): boolean => {
        const seat = s.current;
        const a: Action =
          s.phase === 'keep'
            ? { type: 'keep', seat, dice: chosen, then }
            : ({ type: then, seat } as Action);
        return applyAction(s, a, seededDice(seed)).ok;
      };
      if (s.phase === 'choose' || s.phase === 'over') {
        expect(c.roll.enabled).toBe(false);
        expect(c.bank.enabled).toBe(false);
        return;
      }
      if (s.phase === 'keep' && chosen.length === 0) {
        expect(c.roll.enabled || c.bank.enabled).toBe(false);
        return;
      }
      expect(c.roll.enabled).toBe(accepts('roll'));
      expect(c.bank.enabled).toBe(accepts('bank'));
      // A disabled Bank says why, under itself or (an illegal selection) in the selection line.
      if (!c.bank.enabled) expect(c.bank.reason || c.bank.describedBy).toBeTruthy();
    },
  );

  it('are all disabled, with the reason, when it is not your turn', () => {
    const s = position(0, 42, 0);
    const c = rollAndBank(s, [], false, 'Bob');
    expect(c.roll.enabled).toBe(false);
    expect(c.roll.reason).toBe('Waiting for Bob.');
  });
});

describe('live selection points', () => {
  test.prop([positions], { numRuns: 300 })(
    'equal the points the engine adds when the selection is kept',
    ({ p, seed, steps, pick }) => {
      const s = position(p, seed, steps);
      const roll = s.turn.roll ?? [];
      const chosen = [...new Set(pick.filter((i) => i < roll.length))];
      const sel = evaluateSelection(s, chosen);
      if (s.phase !== 'keep' || chosen.length === 0) {
        expect(sel).toBeNull();
        return;
      }
      const r = applyAction(s, { type: 'keep', seat: s.current, dice: chosen }, seededDice(1));
      expect(sel?.legal).toBe(r.ok);
      if (!r.ok || !sel) return;
      const kept = r.events.find((e) => e.type === 'kept') as Extract<GameEvent, { type: 'kept' }>;
      expect(sel.gain).toBe(kept.points);
      expect(sel.total).toBe(r.state.turn.total);
      expect(sel.hot).toBe(r.events.some((e) => e.type === 'hot-dice'));
    },
  );
});

describe('live selection points under growing sets', () => {
  it('a die that doubles the held set shows what the set adds', () => {
    const rules = { ...preset('classic'), setDoubling: true };
    const created = createGame({ ...rules, firstPlayer: 'seat-1' }, 2, seededDice(1));
    if (!created.ok) throw new Error(created.error.message);
    let s = created.state;
    const step = (a: Action, dice: number[][]): void => {
      const r = applyAction(s, a, recordedDice(dice));
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    };
    step({ type: 'roll', seat: 0 }, [[3, 3, 3, 1, 2, 4]]);
    step({ type: 'keep', seat: 0, dice: [0, 1, 2, 3] }, []);
    step({ type: 'roll', seat: 0 }, [[2, 3]]);
    // 3 3 3 + 1 = 400; the later 3 doubles the set of 3s: +300, not the running total's +400.
    expect(evaluateSelection(s, [1])).toMatchObject({ legal: true, gain: 300, total: 700 });
  });
});

describe('turn log and banners', () => {
  const events: GameEvent[] = [
    { type: 'turn-started', seat: 0, offer: null },
    { type: 'rolled', seat: 0, dice: [1, 1, 1, 5, 5, 5] },
    {
      type: 'kept',
      seat: 0,
      positions: [0, 1, 2, 3, 4, 5],
      faces: [1, 1, 1, 5, 5, 5],
      points: 1500,
      total: 1500,
    },
    { type: 'hot-dice', seat: 0, locked: 0 },
    { type: 'rolled', seat: 0, dice: [2, 3, 4, 6, 2, 3] },
    { type: 'zilch', seat: 0, lost: 1500, locked: 0 },
    { type: 'turn-started', seat: 1, offer: null },
  ];

  it('groups events into turns with their outcome', () => {
    const lines = turnLines(events);
    expect(lines.map((l) => l.seat)).toEqual([0, 1]);
    expect(lines[0]?.items).toContain('hot dice!');
    expect(lines[0]?.outcome).toBe('zilch, lost 1,500');
    expect(lines[1]?.outcome).toBeNull();
  });

  it('shows the zilch rather than the hot dice that came before it', () => {
    const b = bannerFor(events, (s) => ['Ann', 'Bo'][s]!, 6);
    expect(b?.kind).toBe('zilch');
    expect(b?.detail).toContain('Ann loses 1,500');
    expect(bannerFor(events.slice(0, 4), String, 6)?.kind).toBe('hot');
  });

  it('tells a first-roll mercy, not a zilch', () => {
    const mercy: GameEvent[] = [
      { type: 'turn-started', seat: 1, offer: null },
      { type: 'rolled', seat: 1, dice: [2, 3, 4, 6, 6, 3] },
      { type: 'mercy', seat: 1, points: 50, total: 50 },
    ];
    const b = bannerFor(mercy, (s) => ['Ann', 'Bo'][s]!, 6);
    expect(b?.kind).toBe('mercy');
    expect(b?.detail).toBe(
      'Zilch on the first roll: Bo gets 50 points to start the turn, and all 6 dice to roll again.',
    );
    expect(turnLines(mercy)[0]?.items).toContain('zilch on the first roll: mercy 50, roll again');
  });

  it('puts the penalty above the zilch and the end above everything', () => {
    const penalty: GameEvent[] = [
      { type: 'zilch', seat: 1, lost: 300, locked: 0 },
      { type: 'penalty', seat: 1, points: 500, score: 250 },
      { type: 'turn-started', seat: 0, offer: null },
    ];
    const b = bannerFor(penalty, (s) => ['Ann', 'Bo'][s]!, 6);
    expect(b?.kind).toBe('penalty');
    expect(b?.detail).toBe('Bo loses 500 points for zilches in a row.');
    const over: GameEvent[] = [
      { type: 'banked', seat: 0, points: 400, score: 10_100 },
      { type: 'final-round', by: 0 },
      { type: 'game-over', winners: [0, 1], scores: [10_100, 10_100] },
    ];
    expect(bannerFor(over, (s) => ['Ann', 'Bo'][s]!, 6)?.detail).toBe('Ann and Bo share the win!');
  });
});

describe('review', () => {
  it('finds every decision of a replayed log and matches keeps by their faces', () => {
    const rules = preset('serendipity-creak');
    const log = {
      rules: { ...rules, firstPlayer: 'seat-1' as const },
      players: 2,
      setupDice: [],
      entries: [
        { action: { type: 'roll' as const, seat: 0 }, dice: [[5, 1, 2, 3, 4, 4]] },
        { action: { type: 'keep' as const, seat: 0, dice: [1], then: 'bank' as const }, dice: [] },
      ],
    };
    const { decisions, final } = decisionsOf(log);
    expect(decisions.map((d) => d.action.type)).toEqual(['roll', 'keep']);
    expect(decisions[0]?.turnStart).toBe(true);
    expect(decisions[1]?.turnStart).toBe(false);
    expect(final?.scores).toEqual([100, 0]);
    const advice = {
      kind: 'points' as const,
      options: [
        {
          move: { type: 'keep' as const, dice: [0, 1], then: 'roll' as const },
          label: 'best',
          value: 400,
          loss: 0,
        },
        // The same faces by other positions would still be the same choice.
        {
          move: { type: 'keep' as const, dice: [1], then: 'bank' as const },
          label: 'played',
          value: 100,
          loss: 300,
        },
      ],
    };
    expect(matchOption(decisions[1]!, advice)?.label).toBe('played');
  });
});
