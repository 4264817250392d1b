import type { GameEvent } from '@zilch/engine';

/** A headline for the table: what just happened that everyone should notice. */
export interface BannerInfo {
  kind: 'hot' | 'zilch' | 'penalty' | 'final' | 'over' | 'offer' | 'bank';
  title: string;
  detail: string;
}

const n = (x: number): string => x.toLocaleString('en-US');

const RANK: BannerInfo['kind'][] = ['over', 'final', 'penalty', 'zilch', 'hot', 'offer', 'bank'];

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
          detail: `${e.winners.map(name).join(' and ')} ${e.winners.length > 1 ? 'share the win' : 'wins'}!`,
        });
        break;
      case 'final-round':
        found.push({
          kind: 'final',
          title: 'Final round',
          detail: `${name(e.by)} reached the target. Everyone else gets one more turn.`,
        });
        break;
      case 'penalty':
        found.push({
          kind: 'penalty',
          title: 'Penalty',
          detail: `${name(e.seat)} loses ${n(e.points)} points for zilches in a row.`,
        });
        break;
      case 'zilch':
        found.push({
          kind: 'zilch',
          title: 'Zilch!',
          detail:
            e.locked > 0
              ? `Nothing scored. ${name(e.seat)} keeps the ${n(e.locked)} locked points.`
              : `Nothing scored. ${name(e.seat)} loses ${n(e.lost)} points this turn.`,
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
          detail: `${name(e.to)} may inherit ${n(e.points)} points with ${e.dice} ${e.dice === 1 ? 'die' : 'dice'}.`,
        });
        break;
      case 'banked':
        found.push({
          kind: 'bank',
          title: 'Banked',
          detail: `${name(e.seat)} banks ${n(e.points)} (score ${n(e.score)}).`,
        });
        break;
      default:
        break;
    }
  }
  found.sort((a, b) => RANK.indexOf(a.kind) - RANK.indexOf(b.kind));
  return found[0] ?? null;
}
