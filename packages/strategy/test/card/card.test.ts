import { describe, expect, it } from 'vitest';
import {
  lean,
  PRESET_IDS,
  preset,
  type Action,
  type GameState,
  type PresetId,
} from '@zilch/engine';
import { cardBot } from '../../src/card/bot.ts';
import { strategyCard } from '../../src/card/card.ts';
import { cardRegret } from '../../src/card/measure.ts';
import { defaultCardParams, type CardParams } from '../../src/card/params.ts';
import { simulateInThread } from '../../src/simulate/simulate.ts';
import { solveLongRun } from '../../src/solver/long-run.ts';
import { deciding, smallRules } from '../bots/states.ts';

describe('strategyCard', () => {
  it.each(PRESET_IDS)('%s: a short card whose numbers are multiples of 50', (id) => {
    const rules = preset(id);
    const card = strategyCard(rules);
    expect(card.lines.length).toBeLessThanOrEqual(8);
    expect(card.thresholds.map((t) => t.dice)).toEqual(
      Array.from({ length: rules.dice }, (_, i) => i + 1),
    );
    for (const t of card.thresholds) if (t.bankAt !== null) expect(t.bankAt % 50).toBe(0);
    expect(card.offers === null).toBe(rules.offers === null);
    for (const o of card.offers ?? []) if (o.from !== null) expect(o.from % 50).toBe(0);
    // Every threshold the card plays is printed on it.
    const bankLine = card.lines.find((l) => l.includes('by dice left'))!;
    for (const t of card.thresholds)
      if (t.bankAt !== null) expect(bankLine).toContain(t.bankAt.toLocaleString('en-US'));
  });

  it('the bank line reminds of the rules’ bank and opening minimums, and only where they exist', () => {
    const bankLine = (id: PresetId): string =>
      strategyCard(preset(id)).lines.find((l) => l.includes('by dice left'))!;
    expect(bankLine('zilch-online')).toContain(
      "keeping every scoring die; at least the rules' 300)",
    );
    expect(bankLine('hot-dice')).toContain('1,000 in one turn to get on the board');
    expect(bankLine('classic')).toContain('(keeping every scoring die)');
  });

  it('untuned rule sets take the turn solver’s thresholds and the default parameters', () => {
    const rules = { ...preset('classic'), name: 'House classic', target: 5000 };
    const card = strategyCard(rules);
    expect(card.tuned).toBe(false);
    expect(card.params).toEqual(defaultCardParams(rules));
    const solved = solveLongRun(rules).turns[0]!.thresholds();
    expect(card.thresholds.map((t) => t.bankAt)).toEqual(
      solved.map((t) => (t.bankAt !== null && t.bankAt < 2500 ? t.bankAt : null)),
    );
  });

  it('offers: inherit from the first total whose roll is worth a fresh start', () => {
    const rules = preset('serendipity-creak');
    const turn = solveLongRun(rules).turns[0]!;
    const fresh = turn.roll(0, 6);
    // The default parameters: the tuned card's offers are its own tables.
    for (const o of strategyCard(rules, defaultCardParams(rules)).offers!) {
      expect(o.from).not.toBeNull();
      expect(turn.roll(o.from!, o.dice)).toBeGreaterThanOrEqual(fresh);
      if (o.from! > 50) expect(turn.roll(o.from! - 50, o.dice)).toBeLessThan(fresh);
    }
  });
});

describe('the card bot plays the card', () => {
  const rules = preset('classic');
  const card = strategyCard(rules);
  const bot = cardBot(rules);
  const at = card.thresholds[2]!.bankAt!; // three dice left

  it('banks at the threshold for the dice left, rolls below it', () => {
    expect(bot.decide(deciding(rules, [3000, 3000], at, 3)).type).toBe('bank');
    expect(bot.decide(deciding(rules, [3000, 3000], at - 50, 3)).type).toBe('roll');
  });

  it('moves the threshold by the score gap', () => {
    const p = card.params;
    // 4,000 behind: the threshold rises by 4 × behindPer1000.
    const behind = at + 4 * p.behindPer1000;
    expect(bot.decide(deciding(rules, [1000, 5000], behind, 3)).type).toBe('bank');
    if (p.behindPer1000 > 0)
      expect(bot.decide(deciding(rules, [1000, 5000], behind - 50, 3)).type).toBe('roll');
  });

  it('final round: rolls while behind the leader, whatever the threshold, and banks once ahead', () => {
    const s = deciding(rules, [8000, 10_500], 2000, 3);
    s.finalRound = { turnsLeft: 1 } as GameState['finalRound'];
    expect(bot.decide(s).type).toBe('roll');
    s.turn.total = 2550;
    expect(bot.decide(s).type).toBe('bank');
  });

  it('takes an offer from the card’s points for those dice, else starts fresh', () => {
    const sc = preset('serendipity-creak');
    const o = strategyCard(sc).offers![2]!; // three dice
    const s = lean.initialState(sc, 2, 0);
    s.phase = 'choose';
    s.offer = { points: o.from!, dice: 3 } as GameState['offer'];
    expect(cardBot(sc).decide(s).type).toBe('inherit');
    s.offer = { points: o.from! - 50, dice: 3 } as GameState['offer'];
    expect(cardBot(sc).decide(s).type).toBe('fresh');
  });
});

describe('the card’s end game and late rules (offers: Serendipity Creak)', () => {
  const sc = preset('serendipity-creak');
  const params: CardParams = {
    bankAt: [300, 250, 450, null, null, null],
    worth: [100, 50, 0, 200, 350, 600],
    behindPer1000: 0,
    aheadPer1000: 0,
    endLead: 500,
    chaseWithin: 0,
    hotBankAt: 2000,
    hotBackLoss: 100,
    endBankDice: 1,
    endAheadDice: 4,
    endAheadBy: 250,
    lateAt: 8000,
    lateBankAt: [300, 250, 900, null, null, null],
    lateOffers: [null, 1000, 750, 600, 400, 50],
    finalOffers: [1000, 1150, 1100, 950, 600, 50],
  };
  const bot = cardBot(sc, params);
  const offered = (scores: [number, number], points: number, n: number): GameState => {
    const s = lean.initialState(sc, 2, 0);
    s.scores = [...scores];
    s.onBoard = [true, true];
    s.phase = 'choose';
    s.offer = { points, dice: n };
    return s;
  };

  it('reaching the target: banks with 1 die and the lead, else only if the turn began ahead', () => {
    // 9,000 + 1,500 against 9,900: lead 600 with 1 die left.
    expect(bot.decide(deciding(sc, [9000, 9900], 1500, 1)).type).toBe('bank');
    // The same lead with 3 dice: the turn began 900 behind, and the next player may inherit.
    expect(bot.decide(deciding(sc, [9000, 9900], 1500, 3)).type).toBe('roll');
    // Began the turn 300 ahead: bank with 3 dice, whatever the threshold.
    expect(bot.decide(deciding(sc, [9000, 8700], 1500, 3)).type).toBe('bank');
    // 5 dice: never.
    expect(bot.decide(deciding(sc, [9000, 8700], 1500, 5)).type).toBe('roll');
    // A lead under 500 with 1 die: roll on.
    expect(bot.decide(deciding(sc, [9000, 9900], 1300, 1)).type).toBe('roll');
  });

  it('once anyone has 8,000 the late thresholds and offers apply', () => {
    // Three dice: 450 early, 900 late.
    expect(bot.decide(deciding(sc, [3000, 3000], 600, 3)).type).toBe('bank');
    expect(bot.decide(deciding(sc, [3000, 8000], 600, 3)).type).toBe('roll');
    expect(bot.decide(deciding(sc, [3000, 8000], 900, 3)).type).toBe('bank');
    // One die for 2,000: inherited early, not late.
    expect(bot.decide(offered([3000, 3000], 2000, 1)).type).toBe('inherit');
    expect(bot.decide(offered([3000, 8000], 2000, 1)).type).toBe('fresh');
  });

  it('final round: the final-round offer table', () => {
    const s = offered([8000, 10_500], 1000, 1);
    s.finalRound = { by: 1, turnsLeft: 1 };
    expect(bot.decide(s).type).toBe('inherit');
    s.offer = { points: 950, dice: 1 };
    expect(bot.decide(s).type).toBe('fresh');
  });

  it('hot dice from 2,000: keeps one die back only when that gives up at most 100', () => {
    const keeping = (roll: number[]): GameState => {
      const s = deciding(sc, [3000, 3000], 2000, 6);
      s.phase = 'keep';
      s.turn.roll = roll;
      return s;
    };
    // A straight (1,500, hot dice): keeping 1–5 back (750) gives up 750, so roll all six on.
    const straight = bot.decide(keeping([1, 2, 3, 4, 5, 6]));
    expect(straight).toMatchObject({ type: 'keep', dice: [0, 1, 2, 3, 4, 5] });
    expect('then' in straight && straight.then).toBeFalsy();
    // Four 1s and two 5s (2,100, hot dice): keeping one 5 back gives up 50: bank 4,050.
    const back = bot.decide(keeping([1, 1, 1, 1, 5, 5]));
    expect(back).toMatchObject({ type: 'keep', then: 'bank' });
    expect(back.type === 'keep' && back.dice.length).toBe(5);
  });

  it('every rule it plays is on the card, in at most 8 lines', () => {
    const card = strategyCard(sc, params);
    expect(card.lines.length).toBeLessThanOrEqual(8);
    const text = card.lines.join('\n');
    expect(text).toContain('once anyone has 8,000: 3 dice 900 (the rest as above)');
    expect(text).toContain('once anyone has 8,000: 1 die never (the rest as above)');
    expect(text).toContain('inherit from 1,000 with 1 die · 1,150 with 2 dice');
    expect(text).toContain('gives up at most 100');
    expect(text).toContain(
      'at most 1 die left, or up to 4 dice if you began the turn 250 or more ahead',
    );
  });
});

describe('the banded card: tables by the score gap and the running total', () => {
  const sc = preset('serendipity-creak');
  const params: CardParams = {
    behindPer1000: 0,
    aheadPer1000: 0,
    endLead: 0,
    chaseWithin: 0,
    hotBankAt: 0,
    lateAt: 8000,
    gapCuts: [-1000, 1000],
    bankGrid: [
      [300, 250, 350, 1600, null, null],
      [null, null, 450, null, null, null],
      [550, 300, 500, 4000, null, null],
    ],
    lateBankGrid: [
      [250, 250, 350, 1100, 1650, null],
      [250, 300, 450, 1750, 2450, null],
      [550, 600, 1400, 3700, null, null],
    ],
    offerGrid: [
      [null, 1000, 700, 600, 400, 50],
      [2450, 950, 700, 600, 400, 50],
      [1500, 950, 700, 300, 400, 50],
    ],
    lateOfferGrid: [
      [null, 1550, 650, 600, 400, 50],
      [null, 1000, 800, 300, 200, 50],
      [1200, 950, 850, 300, 300, 50],
    ],
    worthCuts: [500],
    worthGrid: [
      [0, 0, 0, 150, 350, 600],
      [100, 200, 100, 200, 350, 600],
    ],
    finalWorth: [0, 0, 0, 200, 450, 600],
    endCuts: [-200, 0],
    endGrid: [
      [800, 950, 1150, 2000, null, null],
      [750, 750, null, null, null, null],
      [500, null, null, null, null, null],
    ],
    finalCuts: [1000],
    finalOfferGrid: [
      [null, 1000, 750, 950, 600, 50],
      [1000, 1000, 750, 950, 600, 50],
    ],
  };
  const bot = cardBot(sc, params);
  const move = (scores: [number, number], total: number, dice: number): string =>
    bot.decide(deciding(sc, scores, total, dice)).type;

  it('banks by the row of the score gap: ahead by more than 1,000, within 1,000, behind by 1,000 or more', () => {
    // Three dice: 350 ahead, 450 within, 500 behind.
    expect(move([5000, 3000], 350, 3)).toBe('bank');
    expect(move([5000, 3000], 300, 3)).toBe('roll');
    expect(move([3000, 3000], 450, 3)).toBe('bank');
    expect(move([3000, 3000], 400, 3)).toBe('roll');
    expect(move([4000, 3000], 400, 3)).toBe('roll'); // 1,000 ahead is still "within"
    expect(move([3000, 3950], 450, 3)).toBe('bank'); // 950 behind: within
    expect(move([3000, 4000], 450, 3)).toBe('roll'); // 1,000 behind: the behind row
    expect(move([3000, 4000], 500, 3)).toBe('bank');
    // Once anyone has 8,000, the late grid: 1,400 with three dice when behind.
    expect(move([3000, 8000], 1350, 3)).toBe('roll');
    expect(move([3000, 8000], 1400, 3)).toBe('bank');
  });

  /** The card's answer to an offer of `points` with n dice (in the final round when `final`). */
  const offered = (scores: [number, number], points: number, n: number, final = false): string => {
    const s = lean.initialState(sc, 2, 0);
    s.scores = [...scores];
    s.onBoard = [true, true];
    s.phase = 'choose';
    s.offer = { points, dice: n };
    if (final) s.finalRound = { by: 1, turnsLeft: 1 };
    return bot.decide(s).type;
  };

  it('takes offers by the row of the score gap, late rows once anyone has 8,000', () => {
    expect(offered([3000, 3000], 2450, 1)).toBe('inherit');
    expect(offered([3000, 3000], 2400, 1)).toBe('fresh');
    expect(offered([5000, 3000], 4000, 1)).toBe('fresh'); // ahead: never with one die
    expect(offered([3000, 5000], 1500, 1)).toBe('inherit');
    expect(offered([3000, 8000], 1200, 1)).toBe('inherit');
    expect(offered([8000, 8000], 4000, 1)).toBe('fresh');
    expect(offered([3000, 3000], 250, 4)).toBe('fresh');
    expect(offered([3000, 8000], 300, 4)).toBe('inherit');
  });

  it('values the dice left by the running total: under 500 a lone 1 is not kept alone', () => {
    const keep = (total: number): Action => {
      const s = deciding(sc, [3000, 3000], total, 3);
      s.phase = 'keep';
      s.turn.roll = [1, 5, 2];
      return bot.decide(s);
    };
    // Under 500: 1 and 5 (150, one die left: 0) beat the 1 (100, two dice: 0).
    expect(keep(0)).toMatchObject({ type: 'keep', dice: [0, 1] });
    // From 500: the 1 alone (100 + 200 for two dice) beats 1 and 5 (150 + 100 for one die).
    expect(keep(600)).toMatchObject({ type: 'keep', dice: [0] });
  });

  it('reaching 10,000: banks with the lead its grid asks by the score gap and dice left', () => {
    // 300 ahead (the first row): 3 dice need a lead of 1,150.
    expect(move([9500, 9200], 800, 3)).toBe('roll');
    expect(move([9500, 9200], 850, 3)).toBe('bank');
    // 5 dice: never, whatever the lead.
    expect(move([9500, 5000], 3000, 5)).toBe('roll');
    // 100 ahead (the second row): 2 dice need 750; 3 dice never.
    expect(move([9500, 9400], 600, 2)).toBe('roll');
    expect(move([9500, 9400], 650, 2)).toBe('bank');
    expect(move([9500, 9400], 3000, 3)).toBe('roll');
    // Level (the third row): 1 die needs 500; 2 dice never.
    expect(move([9600, 9600], 450, 1)).toBe('roll');
    expect(move([9600, 9600], 500, 1)).toBe('bank');
    expect(move([9600, 9600], 3000, 2)).toBe('roll');
    // Behind at the start is the same row: 1 die with a lead of 500 after the bank.
    expect(move([9600, 9800], 650, 1)).toBe('roll');
    expect(move([9600, 9800], 700, 1)).toBe('bank');
  });

  it('final round: offers by how far behind the leader, and its own keep worths', () => {
    // Less than 1,000 behind: never one die; 1,000 or more behind: from 1,000.
    expect(offered([9200, 10_100], 2000, 1, true)).toBe('fresh');
    expect(offered([8000, 10_500], 1000, 1, true)).toBe('inherit');
    expect(offered([8000, 10_500], 950, 1, true)).toBe('fresh');
    expect(offered([9200, 10_100], 750, 3, true)).toBe('inherit');
    expect(offered([9200, 10_100], 700, 3, true)).toBe('fresh');
    // Total 600, roll 1 · 5 · 2: before the final round the 1 alone (100 + 200 for two dice)
    // beats 1 and 5 (150 + 100 for one die); in it the dice left are worth 0 there.
    const keep = (final: boolean): Action => {
      const s = deciding(sc, final ? [8000, 10_500] : [3000, 3000], 600, 3);
      s.phase = 'keep';
      s.turn.roll = [1, 5, 2];
      if (final) s.finalRound = { by: 1, turnsLeft: 1 };
      return bot.decide(s);
    };
    expect(keep(false)).toMatchObject({ type: 'keep', dice: [0] });
    expect(keep(true)).toMatchObject({ type: 'keep', dice: [0, 1] });
  });

  it('prints every number it plays, in at most 8 lines', () => {
    const card = strategyCard(sc, params);
    expect(card.lines.length).toBeLessThanOrEqual(8);
    const text = card.lines.join('\n');
    expect(text).toContain(
      'by dice left 1 · 2 · 3 · 4 · 5 · 6 and the score: ahead by more than 1,000: 300 · 250 · 350 · 1,600 · never · never; within 1,000: never · never · 450 · never · never · never; behind by 1,000 or more: 550 · 300 · 500 · 4,000 · never · never. Once anyone has 8,000: ahead by more than 1,000: 250 · 250 · 350 · 1,100 · 1,650 · never;',
    );
    expect(text).toContain('behind by 1,000 or more: 1,200 · 950 · 850 · 300 · 300 · 50.');
    expect(text).toContain('with a turn total under 500: 1 die 0 · 2 dice 0 · 3 dice 0');
    expect(text).toContain('from 500: 1 die 100 · 2 dice 200 · 3 dice 100');
    expect(text).toContain(
      'in the final round: 1 die 0 · 2 dice 0 · 3 dice 0 · 4 dice 200 · 5 dice 450 · 6 dice 600.',
    );
    expect(text).toContain(
      'Reaching 10,000: bank only if your lead would then be at least these points, by dice left 1 · 2 · 3 · 4 · 5 · 6 and the score (never: roll on): ahead by more than 200: 800 · 950 · 1,150 · 2,000 · never · never; ahead by 200 or less: 750 · 750 · never · never · never · never; level or behind: 500 · never · never · never · never · never.',
    );
    expect(text).toContain(
      'how far you are behind the leader (never: start fresh): less than 1,000 behind: never · 1,000 · 750 · 950 · 600 · 50; behind by 1,000 or more: 1,000 · 1,000 · 750 · 950 · 600 · 50.',
    );
    // The plain tables are the rows for level scores.
    expect(card.thresholds.map((t) => t.bankAt)).toEqual([null, null, 450, null, null, null]);
    expect(card.offers!.map((o) => o.from)).toEqual([2450, 950, 700, 600, 400, 50]);
  });

  it('gives its grids as tables with the numbers of its words, row by row', () => {
    const card = strategyCard(sc, params);
    const fmt = (v: number | null): string => (v === null ? 'never' : v.toLocaleString('en-US'));
    expect(card.grids.map((g) => g.line)).toEqual([0, 1, 3, 4, 5]);
    const [keep, bank, offer, end, final] = card.grids;
    expect(keep!.grids.map((g) => g.rows.map((r) => r.cells))).toEqual([
      [...params.worthGrid!, params.finalWorth!].map((r) => r.map(fmt)),
    ]);
    expect(keep!.grids[0]!.rows.map((r) => r.short)).toEqual([
      'under 500',
      'from 500',
      'final round',
    ]);
    expect(end!.grids[0]!.rows.map((r) => r.cells)).toEqual(params.endGrid!.map((r) => r.map(fmt)));
    expect(end!.grids[0]!.rows.map((r) => r.short)).toEqual([
      'ahead > 200',
      'ahead ≤ 200',
      'level or behind',
    ]);
    expect(final!.grids[0]!.rows.map((r) => r.cells)).toEqual(
      params.finalOfferGrid!.map((r) => r.map(fmt)),
    );
    expect(final!.grids[0]!.rows.map((r) => r.short)).toEqual(['< 1,000 behind', 'behind ≥ 1,000']);
    expect(bank!.grids.map((g) => g.caption)).toEqual([
      'before anyone has 8,000',
      'once anyone has 8,000',
    ]);
    expect(bank!.grids.map((g) => g.rows.map((r) => r.cells))).toEqual([
      params.bankGrid!.map((r) => r.map(fmt)),
      params.lateBankGrid!.map((r) => r.map(fmt)),
    ]);
    expect(offer!.grids[1]!.rows.map((r) => r.cells)).toEqual(
      params.lateOfferGrid!.map((r) => r.map(fmt)),
    );
    expect(bank!.grids[0]!.rows.map((r) => r.short)).toEqual([
      'ahead > 1,000',
      'within 1,000',
      'behind ≥ 1,000',
    ]);
    expect(bank!.grids[0]!.dice).toEqual([1, 2, 3, 4, 5, 6]);
    // Each grid row is in its line's words: label, then the cells.
    for (const g of card.grids) {
      expect(card.lines[g.line]!.startsWith(g.lead.slice(0, 20))).toBe(true);
      for (const grid of g.grids)
        for (const r of grid.rows)
          expect(card.lines[g.line]).toContain(
            g.line === 0 ? r.label : `${r.label}: ${r.cells.join(' · ')}`,
          );
    }
    // A card without bands has no grids.
    expect(strategyCard(preset('farkle-2017')).grids).toEqual([]);
  });
});

describe('cardRegret', () => {
  it('estimates ½ − the card’s win share against optimal (target 1,000)', () => {
    const rules = smallRules('serendipity-creak', 1000);
    const g = cardRegret(rules, strategyCard(rules).params, { games: 400, seed: 5 });
    expect(g.loss).toBeGreaterThan(0);
    const sim = simulateInThread({ rules, bots: ['card', 'optimal'], games: 2000, seed: 9 });
    const w = sim.seats[0]!.winRate;
    const se = Math.sqrt((w * (1 - w)) / 2000 + g.se * g.se);
    expect(Math.abs(0.5 - w - g.loss)).toBeLessThan(4 * se);
  });
});
