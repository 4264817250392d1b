import { CopyLink } from '../../components/CopyLink.tsx';
import type { GameView } from '@zilch/protocol';
import { plural } from '../../lib/words.ts';

/** Before every seat is taken: the invites still open and the spectator link, to send on. */
export function Waiting({
  view,
  spectatorToken,
  invites,
}: {
  view: GameView;
  spectatorToken?: string;
  invites: Record<number, string>;
}) {
  const openSeats = view.seats.filter((s) => s.kind === 'human' && !s.claimed);
  const open = openSeats.length;
  return (
    <section className="card" aria-labelledby="waiting-title">
      <h2 id="waiting-title">Waiting for {plural(open, 'player', 'players')}</h2>
      {view.rematchOf ? (
        <p>
          This rematch rolls once every player has come back to it (with &ldquo;Go to the
          rematch&rdquo;): each device sends a fresh seed after the new commitment is fixed, so no
          one can pick a seed to steer the dice.
        </p>
      ) : (
        <p>The game starts as soon as every seat is taken. Send each person their own link.</p>
      )}
      {openSeats.map((s) =>
        invites[s.seat] ? (
          <CopyLink
            key={s.seat}
            label={`Seat ${s.seat + 1} (${s.name}) invite`}
            url={`${location.origin}/t/${view.id}#seat=${invites[s.seat]}`}
            testId={`waiting-invite-${s.seat}`}
          />
        ) : null,
      )}
      {spectatorToken && (
        <CopyLink
          label="Spectator link"
          url={`${location.origin}/t/${view.id}#watch=${spectatorToken}`}
        />
      )}
    </section>
  );
}
