import type { GameEvent, GameState } from '@zilch/engine';
import { plural } from './words.ts';

/** A tip of the guided first game, shown when its moment comes. */
export interface Tip {
  id: 'roll' | 'keep' | 'decide' | 'hot' | 'offer' | 'zilch' | 'bank';
  title: string;
  text: string;
}

/** The tip for this moment of the player's own turn (the newest event first), or null. */
export function tipFor(
  s: GameState,
  fresh: readonly GameEvent[],
  myTurn: boolean,
  seen: ReadonlySet<string>,
): Tip | null {
  const candidates: Tip[] = [];
  if (fresh.some((e) => e.type === 'zilch'))
    candidates.push({
      id: 'zilch',
      title: 'Zilch',
      text: 'A roll with nothing scoring is a zilch: the points of the turn are lost and play passes on. Banking earlier keeps them safe.',
    });
  if (fresh.some((e) => e.type === 'hot-dice'))
    candidates.push({
      id: 'hot',
      title: 'Hot dice',
      text: 'Every die you rolled scored, so you get all of them back. Roll them all again and keep adding to the same running total — or bank.',
    });
  if (myTurn) {
    if (s.phase === 'choose' && s.offer)
      candidates.push({
        id: 'offer',
        title: 'An offer',
        text: `The last player banked and left dice behind. Inherit their ${plural(s.offer.points, 'point', 'points')} and roll only ${plural(s.offer.dice, 'die', 'dice')}, or start fresh with all ${s.rules.dice}. Fewer dice zilch more often.`,
      });
    if (s.phase === 'roll')
      candidates.push({
        id: 'roll',
        title: 'Your turn',
        text: 'Roll the dice (button or the R key). Each roll must contain something that scores, or the turn ends.',
      });
    if (s.phase === 'keep')
      candidates.push({
        id: 'keep',
        title: 'Keeping',
        text: 'Click dice (or press their number keys) to set aside scoring dice: a 1 is 100, a 5 is 50, three of a kind and straights score more. The points of your selection show live below.',
      });
    if (s.phase === 'decide' || (s.phase === 'keep' && s.turn.total > 0))
      candidates.push({
        id: 'decide',
        title: 'Bank or push your luck',
        text: 'Bank adds the running total to your score and ends the turn. Rolling the dice you have left can add more, but a zilch loses it all.',
      });
  }
  return candidates.find((t) => !seen.has(t.id)) ?? null;
}
