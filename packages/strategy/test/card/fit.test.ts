import { describe, expect, it } from 'vitest';
import { cardBot } from '../../src/card/bot.ts';
import { cardDecisions, decisionLoss, fitCardRound } from '../../src/card/fit.ts';
import type { CardParams } from '../../src/card/params.ts';
import { smallRules } from '../bots/states.ts';

describe('fitCardRound', () => {
  // A banded card for Serendipity Creak played to 1,000 (an exact solution in moments).
  const rules = smallRules('serendipity-creak', 1000);
  const params: CardParams = {
    behindPer1000: 0,
    aheadPer1000: 0,
    endLead: 100,
    endBankDice: 1,
    chaseWithin: 0,
    hotBankAt: 0,
    lateAt: 800,
    gapCuts: [-100, 100],
    bankGrid: [
      [300, 250, 300, null, null, null],
      [300, 250, 350, null, null, null],
      [400, 300, 400, null, null, null],
    ],
    lateBankGrid: [
      [250, 250, 300, null, null, null],
      [300, 300, 400, null, null, null],
      [400, 400, 500, null, null, null],
    ],
    offerGrid: [
      [400, 300, 200, 150, 100, 50],
      [400, 300, 200, 150, 100, 50],
      [300, 250, 200, 150, 100, 50],
    ],
    worthCuts: [200],
    worthGrid: [
      [0, 0, 0, 100, 200, 300],
      [50, 50, 0, 100, 200, 300],
    ],
  };
  const decisions = cardDecisions(rules, params, { games: 200, seed: 5 });
  const window = { lo: 0.75, hi: 1.4 };
  const fitted = fitCardRound(rules, params, decisions, window);
  /** The summed loss of a card over the recorded positions, by playing each one. */
  const played = (p: CardParams): number => {
    const bot = cardBot(rules, p);
    return decisions.reduce((m, d) => m + decisionLoss(d, bot.decide(d.state)), 0);
  };
  const withCell = (
    key: 'bankGrid' | 'offerGrid',
    r: number,
    c: number,
    v: number | null,
  ): CardParams => ({
    ...params,
    [key]: params[key]!.map((row, i) => row.map((x, j) => (i === r && j === c ? v : x))),
  });

  it.each([
    ['bankGrid', 1, 0],
    ['bankGrid', 1, 2],
    ['bankGrid', 2, 1],
    ['offerGrid', 1, 2],
  ] as const)(
    '%s[%i][%i]: the value of least loss in its window, checked by playing the positions',
    (key, r, c) => {
      expect(decisions.length).toBeGreaterThan(1000);
      const now = params[key]![r]![c]!;
      const got = fitted[key]![r]![c]!;
      expect(got).toBeGreaterThanOrEqual(now * window.lo);
      expect(got).toBeLessThanOrEqual(now * window.hi);
      expect(got % 50).toBe(0);
      const best = played(withCell(key, r, c, got));
      for (let v = Math.ceil((now * window.lo) / 50) * 50; v <= now * window.hi; v += 50)
        expect(best).toBeLessThanOrEqual(played(withCell(key, r, c, v)) + 1e-12);
    },
  );

  it('the worth search gives up no loss on the recorded positions', () => {
    const before = played({ ...fitted, worthGrid: params.worthGrid });
    const after = played(fitted);
    expect(after).toBeLessThanOrEqual(before + 1e-12);
    for (const row of fitted.worthGrid!) for (const w of row) expect(w % 50).toBe(0);
  });
});
