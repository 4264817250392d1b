import type { RuleSet } from '@zilch/engine';
import { ruleKey } from '@zilch/engine';
import { solveLongRun } from '../solver/long-run.ts';
import { UNIT } from '../solver/outcomes.ts';
import { bandOf } from './bands.ts';
import { CARD_TUNING, defaultCardParams, type CardParams } from './params.ts';
import { cardLines } from './lines.ts';
import { pts } from './phrases.ts';
import { shortCard } from './short.ts';
import type { CardOffer, CardThreshold, StrategyCard } from './types.ts';

export type { CardGrid, CardGridLine, CardOffer, CardThreshold, StrategyCard } from './types.ts';

/** Thresholds this far up (or more) are shown and played as "never". */
const NEVER_SHARE_OF_TARGET = 0.5;

/** The running total at which the default worth of dice left is read off the turn strategy. */
const WORTH_FROM = 300;

const memo = new Map<string, StrategyCard>();

/**
 * The strategy card of a rule set. Thresholds and offers come from the expected-points turn
 * strategy (long-run average under a zilch penalty); the keep weight, score-gap adjustments
 * and end lead come from `CARD_TUNING` for a preset (found by `tuneCard`) or the defaults.
 */
export function strategyCard(rules: RuleSet, params?: CardParams): StrategyCard {
  const key = ruleKey(rules);
  const tuned = CARD_TUNING.find((t) => ruleKey(t.rules) === key);
  const p = params ?? tuned?.params ?? defaultCardParams(rules);
  const memoKey = key + JSON.stringify(p);
  const hit = memo.get(memoKey);
  if (hit) return hit;
  const turn = solveLongRun(rules).turns[0]!;
  const never = rules.target * NEVER_SHARE_OF_TARGET;
  // A banded card's plain table is its row for level scores.
  const level = p.bankGrid?.[bandOf(p.gapCuts, 0)];
  const thresholds = turn.thresholds().map((t, i): CardThreshold => {
    const at = level ? (level[i] ?? null) : p.bankAt ? (p.bankAt[i] ?? null) : t.bankAt;
    return { dice: t.dice, bankAt: at === null || at >= never ? null : at };
  });
  const worth =
    p.worthGrid?.[0] ??
    p.worth ??
    thresholds.map(
      (t) => Math.max(0, Math.round((turn.decide(WORTH_FROM, t.dice) - WORTH_FROM) / UNIT)) * UNIT,
    );
  let offers: CardOffer[] | null = null;
  if (rules.offers) {
    const fresh = turn.roll(0, rules.dice);
    offers = [];
    const levelOffers = p.offerGrid?.[bandOf(p.gapCuts, 0)];
    for (let n = 1; n <= rules.dice; n++) {
      let from: number | null = null;
      // The value of rolling on grows with the total, so the first offer that beats a fresh
      // start is the threshold.
      for (let pts = UNIT; pts < rules.target; pts += UNIT)
        if (turn.roll(pts, n) >= fresh) {
          from = pts;
          break;
        }
      offers.push({ dice: n, from: levelOffers ? (levelOffers[n - 1] ?? null) : from });
    }
  }
  const base = {
    rules: rules.name,
    tuned: params === undefined && tuned !== undefined,
    figure: params === undefined ? (tuned?.figure ?? null) : null,
    params: p,
    thresholds,
    worth,
    offers,
    end: rules.end,
    target: rules.target,
    lock: rules.lockOnHotDice,
    noHotBank: rules.offers?.afterHotDice ?? false,
  };
  const card: StrategyCard = {
    ...base,
    ...cardLines(base, rules.dice, minimums(rules)),
    short: shortCard(base, rules),
  };
  if (memo.size > 32) memo.delete(memo.keys().next().value as string);
  memo.set(memoKey, card);
  return card;
}

/**
 * The rules' minimums the bank line reminds of: a threshold below them (or moved below them by
 * the score gap) still means "as soon as the rules let you".
 */
function minimums(rules: RuleSet): string {
  const parts: string[] = [];
  if (rules.bankMinimum > 0) parts.push(`at least the rules' ${pts(rules.bankMinimum)}`);
  if (rules.openingMinimum > rules.bankMinimum)
    parts.push(`${pts(rules.openingMinimum)} in one turn to get on the board`);
  return parts.map((w) => `; ${w}`).join('');
}
