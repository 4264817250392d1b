import type { GameEvent } from '@zilch/engine';
import { noun, plural, says, whose, winLine } from './words.ts';

/** A headline for the table: what just happened that everyone should notice. */
export interface BannerInfo {
  kind: 'hot' | 'zilch' | 'mercy' | 'penalty' | 'final' | 'over' | 'offer' | 'bank' | 'timeout';
  title: string;
  detail: string;
}

const n = (x: number): string => x.toLocaleString('en-US');

const RANK: BannerInfo['kind'][] = [
  'over',
  'final',
  'timeout',
  'penalty',
  'zilch',
  'mercy',
  'hot',
  'offer',
  'bank',
];

/** The most important banner among an update's events, or null. */
export function bannerFor(
  events: readonly GameEvent[],
  name: (seat: number) => string,
  dice: number,
): BannerInfo | null {
  const found: BannerInfo[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'game-over':
        found.push({
          kind: 'over',
          title: 'Game over',
          detail: `${winLine(e.winners.map(name))}!`,
        });
        break;
      case 'final-round':
        found.push({
          kind: 'final',
          title: 'Final round',
          detail: `${name(e.by)} reached the target. Everyone else gets one more turn.`,
        });
        break;
      case 'timeout':
        // A turn timer ran out: without this the turn passed with no word (issue 11).
        found.push({
          kind: 'timeout',
          title: 'Time ran out',
          detail: `— ${whose(name(e.seat))} turn passed.`,
        });
        break;
      case 'penalty':
        found.push({
          kind: 'penalty',
          title: 'Penalty',
          detail: `${says(name(e.seat), 'loses', 'lose')} ${plural(e.points, 'point', 'points')} for zilches in a row.`,
        });
        break;
      case 'zilch':
        found.push({
          kind: 'zilch',
          title: 'Zilch!',
          detail:
            e.locked > 0
              ? `Nothing scored. ${says(name(e.seat), 'keeps', 'keep')} the ${n(e.locked)} locked ${noun(e.locked, 'point', 'points')}.`
              : e.lost > 0
                ? `Nothing scored. ${says(name(e.seat), 'loses', 'lose')} ${plural(e.lost, 'point', 'points')} this turn.`
                : // A zilch on the turn's first roll has nothing to lose: "loses 0 points" reads oddly.
                  `Nothing scored: ${whose(name(e.seat))} turn ends.`,
        });
        break;
      case 'mercy':
        found.push({
          kind: 'mercy',
          title: 'Mercy!',
          detail: `Zilch on the first roll: ${says(name(e.seat), 'gets', 'get')} ${plural(e.points, 'point', 'points')} to start the turn, and all ${dice} dice to roll again.`,
        });
        break;
      case 'hot-dice':
        found.push({
          kind: 'hot',
          title: 'Hot dice!',
          detail: `Every die scored: ${name(e.seat)} may roll all ${dice} again.`,
        });
        break;
      case 'offer':
        found.push({
          kind: 'offer',
          title: 'Offer',
          detail: `${name(e.to)} may inherit ${plural(e.points, 'point', 'points')} with ${plural(e.dice, 'die', 'dice')}.`,
        });
        break;
      case 'banked':
        found.push({
          kind: 'bank',
          title: 'Banked',
          detail: `${says(name(e.seat), 'banks', 'bank')} ${n(e.points)} (score ${n(e.score)}).`,
        });
        break;
      default:
        break;
    }
  }
  found.sort((a, b) => RANK.indexOf(a.kind) - RANK.indexOf(b.kind));
  return found[0] ?? null;
}
