import type { CardParams } from './params.ts';
import {
  bandWords,
  byDice,
  changed,
  dice,
  grid,
  gridLine,
  never,
  offerWords,
  pts,
  type Line,
} from './phrases.ts';
import type { CardBase, CardGrid, StrategyCard } from './types.ts';

/** The keep line: the worth of the dice left, by running-total band where the card has them. */
function keepWords(c: CardBase, all: number): Line {
  const table = (w: readonly number[]): string =>
    w.map((v, i) => `${dice(i + 1)} ${pts(v)}`).join(' · ');
  const p = c.params;
  const start = `Keep what scores most, counting the dice you will roll next (hot dice: all ${all}) as`;
  const final = p.finalWorth ? `; in the final round: ${table(p.finalWorth)}` : '';
  if (!p.worthGrid) return { text: `${start}: ${table(c.worth)}${final}.` };
  const cuts = p.worthCuts ?? [];
  const bands = p.worthGrid.map((_, i) => {
    const lo = cuts[i - 1];
    const hi = cuts[i];
    return lo === undefined
      ? `under ${pts(hi!)}`
      : hi === undefined
        ? `from ${pts(lo)}`
        : `from ${pts(lo)} to under ${pts(hi)}`;
  });
  const words = bands.map((b) => ({ long: b, short: b }));
  // The final round's worths, where the card has them, are one more row of the grid.
  const g = grid(
    '',
    'your turn total',
    p.finalWorth ? [...p.worthGrid, p.finalWorth] : p.worthGrid,
    p.finalWorth ? [...words, { long: 'in the final round', short: 'final round' }] : words,
    (v) => pts(v ?? 0),
  );
  const text = p.worthGrid
    .map((w, i) => `${i === 0 ? 'with a turn total ' : ''}${bands[i]}: ${table(w)}`)
    .join('; ');
  return {
    text: `${start}, ${text}${final}.`,
    lead: `${start} these points, by your turn total${p.finalWorth ? ' (and in the final round)' : ''}:`,
    grids: [g],
  };
}

/** The bank line: thresholds by dice left, by gap band where the card has them. */
function bankWords(c: CardBase, all: number, late: string, minimums: string): Line {
  const p = c.params;
  const start = `Then bank (keeping every scoring die${minimums}) once your turn total${c.lock ? ' (points not yet locked)' : ''} reaches`;
  const thresholds = c.thresholds.map((t) => t.bankAt);
  if (!p.bankGrid)
    return {
      text: `${start}, by dice left: ${byDice(thresholds)}${p.lateBankAt && late ? `; ${late}: ${changed(thresholds, p.lateBankAt, never)}` : ''}.`,
    };
  return gridLine(
    `${start}, by dice left{dice} and the score`,
    all,
    bandGrids(p, p.bankGrid, p.lateBankGrid, late),
  );
}

/** A banded table and its late-game twin as grids by the score. */
function bandGrids(
  p: CardParams,
  early: readonly (readonly (number | null)[])[],
  lateRows: readonly (readonly (number | null)[])[] | undefined,
  late: string,
): CardGrid[] {
  const words = bandWords(p.gapCuts ?? []);
  if (!lateRows || !late) return [grid('', 'the score', early, words)];
  const before = late.replace(/^once/, 'before');
  return [grid(before, 'the score', early, words), grid(late, 'the score', lateRows, words)];
}

/** The offer line, by gap band where the card has them. */
function offerLine(c: CardBase, all: number, late: string): Line {
  const p = c.params;
  const offers = c.offers?.map((o) => o.from) ?? [];
  if (!p.offerGrid)
    return {
      text: `Offers: ${offerWords(offers)}${p.lateOffers && late ? `; ${late}: ${changed(offers, p.lateOffers, (v) => (v === null ? 'never' : `from ${pts(v)}`))}` : ''}.`,
    };
  return gridLine(
    `Offers: inherit from these points, by dice{dice} and the score (never: start fresh)`,
    all,
    bandGrids(p, p.offerGrid, p.lateOfferGrid, late),
  );
}

/** The card's rules in plain words (at most 8 lines), and the lines whose numbers are grids. */
export function cardLines(
  c: CardBase,
  all: number,
  minimums: string,
): Pick<StrategyCard, 'lines' | 'grids'> {
  const made = cardWords(c, all, minimums);
  return {
    lines: made.map((l) => l.text),
    grids: made.flatMap((l, line) =>
      l.grids && l.lead ? [{ line, lead: l.lead, grids: l.grids }] : [],
    ),
  };
}

/** The card's lines, in order. */
function cardWords(c: CardBase, all: number, minimums: string): Line[] {
  const p = c.params;
  const late = p.lateAt !== undefined ? `once anyone has ${pts(p.lateAt)}` : '';
  const lines: Line[] = [keepWords(c, all), bankWords(c, all, late, minimums)];
  const push = (text: string): void => {
    lines.push({ text });
  };
  if (c.noHotBank) {
    const cost =
      p.hotBackLoss !== undefined ? `, if that gives up at most ${pts(p.hotBackLoss)}` : '';
    push(
      p.hotBankAt > 0
        ? `Hot dice: roll all ${all} again (never bank them: the next player could inherit them); from ${pts(p.hotBankAt)} keep one die back and bank instead${cost}.`
        : `Hot dice: roll all ${all} again, never bank them (the next player could inherit them).`,
    );
  }
  if (p.heldFactor && p.heldFactor !== 1)
    push(`Holding a set (doubling): bank only at ${p.heldFactor} times those totals.`);
  const gap: string[] = [];
  const behindLate =
    p.lateAt !== undefined &&
    p.behindLatePer1000 !== undefined &&
    p.behindLatePer1000 !== p.behindPer1000
      ? ` (${pts(p.behindLatePer1000)} once they have ${pts(p.lateAt)})`
      : '';
  if (p.behindPer1000 || behindLate)
    gap.push(`add ${pts(p.behindPer1000)} per 1,000 you are behind${behindLate}`);
  if (p.aheadPer1000) gap.push(`take off ${pts(p.aheadPer1000)} per 1,000 you are ahead`);
  if (gap.length) push(`Score gap: ${gap.join('; ')}.`);
  if (c.offers) lines.push(offerLine(c, all, late));
  if (p.chaseWithin > 0)
    push(
      `Chase: once another player is within ${pts(p.chaseWithin)} of ${pts(c.target)}, bank only a score that reaches ${pts(c.target)}.`,
    );
  if (c.end === 'immediate' && (p.finishWithin ?? 0) > 0)
    push(
      `Finish: once you are within ${pts(p.finishWithin ?? 0)} of ${pts(c.target)}, bank only a score that reaches ${pts(c.target)}.`,
    );
  if (c.end === 'immediate')
    push(`Bank as soon as your score would reach ${pts(c.target)}: that wins.`);
  else {
    if (p.endGrid)
      lines.push(
        gridLine(
          `Reaching ${pts(c.target)}: bank only if your lead would then be at least these points, by dice left{dice} and the score (never: roll on)`,
          all,
          [grid('', 'the score', p.endGrid, bandWords(p.endCuts ?? []))],
        ),
      );
    else push(`Reaching ${pts(c.target)}: ${endWords(c)}; else roll on.`);
    const final = 'Final round: roll until you are ahead of the leader, then bank';
    if (c.offers && p.finalOfferGrid)
      lines.push(
        gridLine(
          `${final}. Offers: inherit from these points, by dice{dice} and how far you are behind the leader (never: start fresh)`,
          all,
          [grid('', 'the score', p.finalOfferGrid, bandWords(p.finalCuts ?? []))],
        ),
      );
    else
      push(`${final}${c.offers && p.finalOffers ? `. Offers: ${offerWords(p.finalOffers)}` : ''}.`);
  }
  return lines;
}

/** When a bank that reaches the target is made, in words. */
function endWords(c: CardBase): string {
  const p = c.params;
  const lead = `a lead of ${pts(p.endLead)} or more`;
  if (p.endBankDice === undefined)
    return `bank as above, and only with ${lead}${p.endMaxDice !== undefined ? ` and at most ${dice(p.endMaxDice)} left` : ''}`;
  const ahead =
    p.endAheadDice !== undefined && p.endAheadDice > p.endBankDice
      ? `up to ${dice(p.endAheadDice)} if you began the turn ${pts(p.endAheadBy ?? 0)} or more ahead${c.offers ? ' (the next player may inherit your total)' : ''}`
      : '';
  const few = p.endBankDice > 0 ? `at most ${dice(p.endBankDice)} left` : '';
  return `bank with ${lead} and ${[few, ahead].filter(Boolean).join(', or ')}`;
}
