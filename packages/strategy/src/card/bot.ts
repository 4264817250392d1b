import {
  keepChoices,
  lean,
  type Action,
  type GameState,
  type KeepChoice,
  type RuleSet,
} from '@zilch/engine';
import { candidates } from '../advisor/candidates.ts';
import { lastTurnCase } from '../advisor/last-turn.ts';
import type { Bot } from '../bots/types.ts';
import { UNIT } from '../solver/outcomes.ts';
import { bandOf } from './bands.ts';
import { strategyCard, type StrategyCard } from './card.ts';
import type { CardParams } from './params.ts';

function bestOther(s: GameState): number {
  let best = -Infinity;
  s.scores.forEach((v, i) => {
    if (i !== s.current && v > best) best = v;
  });
  return best;
}

/** Whether the card's late-game tables apply: some player has `lateAt` points or more. */
function isLate(card: StrategyCard, s: GameState): boolean {
  const at = card.params.lateAt;
  return at !== undefined && s.scores.some((v) => v >= at);
}

/** The gap band of the player on turn (best other score − own score; see `gapCuts`). */
function gapRow(
  card: StrategyCard,
  s: GameState,
  cuts: readonly number[] | undefined = card.params.gapCuts,
): number {
  return bandOf(cuts, bestOther(s) - (s.scores[s.current] ?? 0));
}

/** The bank thresholds by dice left that apply at `s` (null: never). */
function bankTable(card: StrategyCard, s: GameState): readonly (number | null)[] {
  const p = card.params;
  const late = isLate(card, s);
  const grid = late && p.lateBankGrid ? p.lateBankGrid : p.bankGrid;
  if (grid) return grid[gapRow(card, s)] ?? [];
  if (late && p.lateBankAt) return p.lateBankAt;
  return card.thresholds.map((t) => t.bankAt);
}

/** The card's threshold for `dice` left, moved by the score gap (Infinity: never bank). */
function threshold(card: StrategyCard, s: GameState, dice: number): number {
  const at = bankTable(card, s)[dice - 1] ?? null;
  if (at === null) return Infinity;
  const other = bestOther(s);
  const gap = other - (s.scores[s.current] ?? 0);
  const p = card.params;
  const behind =
    p.lateAt !== undefined && other >= p.lateAt
      ? (p.behindLatePer1000 ?? p.behindPer1000)
      : p.behindPer1000;
  return at + (gap > 0 ? (behind * gap) / 1000 : (p.aheadPer1000 * gap) / 1000);
}

/**
 * Whether the card banks `total` with `dice` left (`locked` of it safe under the Ten Dice
 * lock), the bank being allowed.
 */
function wantsBank(
  card: StrategyCard,
  s: GameState,
  total: number,
  dice: number,
  locked: number,
  held: number,
): boolean {
  const last = lastTurnCase(s, candidates(s));
  // Last turn: roll until ahead of the leader. First to the target: reaching it wins.
  if (last) return total / UNIT >= last.goal.win;
  // The next player could inherit every die: a gift no threshold makes up for.
  if (card.noHotBank && s.phase !== 'keep' && s.turn.hot) return false;
  const mine = (s.scores[s.current] ?? 0) + total;
  const chase = card.params.chaseWithin;
  if (chase > 0 && mine < card.target && bestOther(s) >= card.target - chase) return false;
  const finish = card.params.finishWithin ?? 0;
  if (
    finish > 0 &&
    card.end === 'immediate' &&
    mine < card.target &&
    (s.scores[s.current] ?? 0) >= card.target - finish
  )
    return false;
  const reaches =
    total - (card.lock ? locked : 0) >= threshold(card, s, dice) * heldFactor(card, held);
  // The others still get a turn, and may inherit the bank: the dice rule holds here too.
  if (mine >= card.target) {
    const p = card.params;
    const lead = mine - bestOther(s);
    // By the score gap the turn began with (the scores do not move during a turn) and dice left.
    if (p.endGrid) {
      const need = p.endGrid[gapRow(card, s, p.endCuts)]?.[dice - 1] ?? null;
      return need !== null && lead >= need;
    }
    // With offers the next player may take the turn total on, so the lead that counts is the
    // one the turn started with; the bank reaches the target whatever the threshold.
    if (p.endBankDice !== undefined)
      return (
        lead >= p.endLead &&
        (dice <= p.endBankDice ||
          (dice <= (p.endAheadDice ?? 0) && lead - total >= (p.endAheadBy ?? 0)))
      );
    return reaches && lead >= p.endLead && dice <= (p.endMaxDice ?? Infinity);
  }
  return reaches;
}

/** Hot Dice doubling: with a set held, rolling more of its face doubles the total. */
function heldFactor(card: StrategyCard, held: number): number {
  return held && card.params.heldFactor ? card.params.heldFactor : 1;
}

/** Whether the card takes the offer in front of the player. */
function inherits(card: StrategyCard, s: GameState): boolean {
  const offer = s.offer!;
  const p = card.params;
  const grid = isLate(card, s) && p.lateOfferGrid ? p.lateOfferGrid : p.offerGrid;
  const table =
    s.finalRound && p.finalOfferGrid
      ? (p.finalOfferGrid[gapRow(card, s, p.finalCuts)] ?? [])
      : s.finalRound && p.finalOffers
        ? p.finalOffers
        : grid
          ? (grid[gapRow(card, s)] ?? [])
          : isLate(card, s) && p.lateOffers
            ? p.lateOffers
            : (card.offers?.map((o) => o.from) ?? []);
  const from = table[offer.dice - 1] ?? null;
  return from !== null && offer.points >= from;
}

function isLastTurn(s: GameState): boolean {
  return lastTurnCase(s, candidates(s)) !== null;
}

function keepAction(seat: number, c: KeepChoice, bank: boolean): Action {
  return bank
    ? { type: 'keep', seat, dice: c.positions, then: 'bank' }
    : { type: 'keep', seat, dice: c.positions };
}

/** A bot that plays exactly a strategy card. */
export function cardBotOf(card: StrategyCard): Bot {
  return {
    id: 'card',
    decide(s: GameState): Action {
      const seat = s.current;
      switch (s.phase) {
        case 'over':
          throw new Error('card bot asked to move in a finished game');
        case 'choose':
          return { type: inherits(card, s) ? 'inherit' : 'fresh', seat };
        case 'roll':
          return { type: 'roll', seat };
        case 'decide': {
          const t = s.turn;
          return lean.canBank(s) && wantsBank(card, s, t.total, t.available, t.locked, t.held)
            ? { type: 'bank', seat }
            : { type: 'roll', seat };
        }
        case 'keep': {
          const choices = keepChoices(s);
          const hot = (c: KeepChoice): boolean => c.option.dice === s.turn.available;
          const heldAfter = (c: KeepChoice): number => (hot(c) ? 0 : s.turn.held | c.option.forms);
          const lockedAfter = (c: KeepChoice): number =>
            hot(c) && card.lock ? c.total : s.turn.locked;
          // What to keep: the most points, each die left to roll counted at the die's worth.
          let pick = choices[0]!;
          let pickValue = -Infinity;
          const rows = card.params.worthGrid;
          const worth =
            (s.finalRound ? card.params.finalWorth : undefined) ??
            rows?.[bandOf(card.params.worthCuts, s.turn.total)] ??
            card.worth;
          for (const c of choices) {
            const v = c.total + worth[c.diceLeft - 1]!;
            if (v > pickValue) [pick, pickValue] = [c, v];
          }
          // A big total is banked with a die held back rather than offered with hot dice.
          const hotBankAt = card.params.hotBankAt;
          if (card.noHotBank && hotBankAt > 0 && hot(pick) && !isLastTurn(s)) {
            const back = choices.find((c) => c.canBank && !hot(c)); // best first
            const maxLoss = card.params.hotBackLoss ?? Infinity;
            if (back && back.total >= hotBankAt && pick.total - back.total <= maxLoss)
              return keepAction(seat, back, true);
          }
          // Then bank when that keep's total reaches the threshold for its dice left, keeping
          // every scoring die (hot dice excepted where they would be offered: those are rolled).
          const last = isLastTurn(s);
          const bank = choices.find((c) => c.canBank && !(card.noHotBank && hot(c) && !last));
          const banks = (c: KeepChoice | undefined): boolean =>
            c !== undefined &&
            !(card.noHotBank && hot(c) && !last) &&
            wantsBank(card, s, c.total, c.diceLeft, lockedAfter(c), heldAfter(c));
          const judged = last ? bank : pick;
          if (bank && banks(judged)) return keepAction(seat, bank, true);
          return keepAction(seat, pick, false);
        }
      }
    },
  };
}

/** The `card` bot for a rule set: its strategy card (tuned parameters for presets), played exactly. */
export function cardBot(rules: RuleSet, params?: CardParams): Bot {
  return cardBotOf(strategyCard(rules, params));
}
