import { describe, expect, it } from 'vitest';
import {
  applyInPlace,
  PRESET_IDS,
  preset,
  seededDice,
  type GameState,
  type PresetId,
} from '@zilch/engine';
import type { Bot } from '../../src/bots/types.ts';
import { cardBot } from '../../src/card/bot.ts';
import { strategyCard } from '../../src/card/card.ts';
import { SHORT_CARD_NUMBERS } from '../../src/card/short.ts';
import { playGame } from '../../src/simulate/play-game.ts';
import { simulateInThread } from '../../src/simulate/simulate.ts';
import { deciding, smallRules } from '../bots/states.ts';

/** Whether the numbers of a row (never left out) rise, or fall, one way only. */
function monotone(row: readonly (number | null)[] | undefined, up: boolean): boolean {
  const v = (row ?? []).filter((x): x is number => x !== null);
  return v.every((x, i) => i === 0 || (up ? x >= v[i - 1]! : x <= v[i - 1]!));
}

describe('the short card', () => {
  it.each(PRESET_IDS)('%s: at most 20 numbers, each on the card, every row one way', (id) => {
    const card = strategyCard(preset(id));
    const short = card.short;
    expect(short.numbers.length).toBeLessThanOrEqual(SHORT_CARD_NUMBERS);
    expect(short.lines.length).toBeLessThanOrEqual(8);
    const text = short.lines.join('\n');
    for (const n of short.numbers) expect(text).toContain(n.toLocaleString('en-US'));
    const p = short.params;
    expect(monotone(p.bankAt, true), 'bank thresholds rise with the dice left').toBe(true);
    expect(monotone(p.lateBankAt, true)).toBe(true);
    expect(monotone(p.worth, true), 'dice left are worth more the more there are').toBe(true);
    for (const row of p.offerGrid ?? []) expect(monotone(row, false)).toBe(true);
    // The short card has no grids by the score: its rows are the ones above.
    expect(p.bankGrid).toBeUndefined();
    expect(p.offerGrid?.length ?? 1).toBe(1);
  });

  it.each<PresetId>(['farkle-2017', 'serendipity-creak', 'hot-dice', 'ten-dice'])(
    '%s: the bot playing it makes only legal moves',
    (id) => {
      const rules = preset(id);
      const inner = cardBot(rules, strategyCard(rules).short.params);
      let moves = 0;
      const checked: Bot = {
        id: 'card',
        decide(s: GameState) {
          const a = inner.decide(s);
          const error = applyInPlace(structuredClone(s), a, seededDice(moves));
          expect(error, JSON.stringify(a)).toBeFalsy();
          moves++;
          return a;
        },
      };
      const other = cardBot(rules);
      for (let g = 0; g < 6; g++)
        playGame(rules, g % 2 ? [other, checked] : [checked, other], seededDice(g), 0);
      expect(moves).toBeGreaterThan(50);
    },
  );

  it('wins a sane share against optimal and beats random (target 1,000, small sample)', () => {
    const rules = smallRules('farkle-2017', 1000);
    const params = strategyCard(preset('farkle-2017')).short.params;
    const opt = simulateInThread({
      rules,
      bots: ['card', 'optimal'],
      card: params,
      games: 1000,
      seed: 3,
    });
    const w = opt.seats[0]!.winRate;
    expect(w).toBeGreaterThan(0.35);
    expect(w).toBeLessThan(0.56);
    const rnd = simulateInThread({
      rules,
      bots: ['card', 'random'],
      card: params,
      games: 400,
      seed: 4,
    });
    expect(rnd.seats[0]!.winRate).toBeGreaterThan(0.8);
  });

  it('farkle-2017: within 500 of 10,000, you or the other player, it banks only a score that reaches it', () => {
    const rules = preset('farkle-2017');
    const short = strategyCard(rules).short;
    const p = short.params;
    expect(p.finishWithin).toBe(500);
    expect(p.chaseWithin).toBe(500);
    expect(short.lines).toContain(
      'Once you or the other player is within 500 of 10,000, bank only a score that reaches it.',
    );
    const bot = cardBot(rules, p);
    const at = p.bankAt![0]!; // one die left: banks from here far from the end
    expect(bot.decide(deciding(rules, [5000, 5000], at, 1)).type).toBe('bank');
    // Within 500 of the target yourself: roll on unless the bank reaches it.
    expect(bot.decide(deciding(rules, [9500, 5000], at, 1)).type).toBe('roll');
    expect(bot.decide(deciding(rules, [9500, 5000], 500, 1)).type).toBe('bank');
    // The other player within 500: the same.
    expect(bot.decide(deciding(rules, [5000, 9500], 3000, 1)).type).toBe('roll');
    // 550 away on both sides: the thresholds play again.
    expect(bot.decide(deciding(rules, [9450, 9450], 300, 1)).type).toBe('bank');
    // Without the finishing rule, the same hand near the target banks.
    const plain = cardBot(rules, { ...p, finishWithin: 0 });
    expect(plain.decide(deciding(rules, [9500, 5000], at, 1)).type).toBe('bank');
  });
});
