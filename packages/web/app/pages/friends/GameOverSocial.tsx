import type { GameView } from '@zilch/protocol';
import { nameOf } from '../../components/Scoreboard.tsx';
import { SocialButtons } from './SocialButtons.tsx';

/** On a finished game's card, for a seated player: add or challenge each other person at the table. */
export function GameOverSocial({ view }: { view: GameView }) {
  if (view.you === null || view.status !== 'over') return null;
  const others = view.seats
    .map((s, seat) => ({ s, seat }))
    .filter(({ s, seat }) => seat !== view.you && s.kind === 'human');
  if (others.length === 0) return null;
  return (
    <div className="game-over-social">
      {others.map(({ seat }) => (
        <SocialButtons key={seat} to={{ gameId: view.id, seat }} name={nameOf(view, seat)} />
      ))}
    </div>
  );
}
