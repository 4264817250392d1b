import { CopyLink } from '../../components/CopyLink.tsx';
import type { GameView } from '@zilch/protocol';

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
      <h2 id="waiting-title">
        Waiting for {open} {open === 1 ? 'player' : 'players'}
      </h2>
      <p>The game starts as soon as every seat is taken. Send each person their own link.</p>
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
