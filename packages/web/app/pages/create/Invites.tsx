import { useLocation } from 'wouter';
import type { Created } from '@zilch/protocol';
import { CopyLink } from '../../components/CopyLink.tsx';
import type { SeatRow } from './SeatList.tsx';

/** After creating: a link per seat not on this device, the spectator link, and the way in. */
export function Invites({
  created,
  sat,
  seats,
  rated,
}: {
  created: Created;
  sat: number[];
  seats: SeatRow[];
  rated: boolean;
}) {
  const [, navigate] = useLocation();
  const origin = window.location.origin;
  const table = `/t/${created.gameId}`;
  return (
    <div className="page create">
      <h1>Your table is ready</h1>
      <section className="card" aria-labelledby="invite-h">
        <h2 id="invite-h">Invite links</h2>
        <p className="help">
          Each link is a seat: send it only to the person who should sit there. Commitment{' '}
          <code className="hash">{created.commitment.slice(0, 16)}…</code> (the dice are fixed by a
          secret seed revealed after the game).
        </p>
        {rated && (
          <p data-testid="rated-note">
            <strong>Rated game:</strong> whoever opens a seat link must sign in with a passkey
            account to sit down; the seat takes the account&apos;s name.
          </p>
        )}
        <ul className="invites">
          {created.seats.map((s) => {
            const row = seats[s.seat];
            const label =
              row?.kind === 'human' ? row.name || `Seat ${s.seat + 1}` : `bot (${s.bot ?? ''})`;
            return (
              <li key={s.seat}>
                {s.kind === 'bot' ? (
                  <p>
                    Seat {s.seat + 1}: {label} — plays by itself
                  </p>
                ) : sat.includes(s.seat) ? (
                  <p>
                    Seat {s.seat + 1}: {label} — on this device
                  </p>
                ) : (
                  <CopyLink
                    label={`Seat ${s.seat + 1} (${label}) invite`}
                    url={`${origin}${table}#seat=${s.token ?? ''}`}
                    testId={`invite-${s.seat}`}
                  />
                )}
              </li>
            );
          })}
          <li>
            <CopyLink
              label="Spectator link (watch only)"
              url={`${origin}${table}#watch=${created.spectatorToken}`}
              testId="spectator-link"
            />
          </li>
        </ul>
        <button type="button" className="btn primary big" onClick={() => navigate(table)}>
          Go to the table
        </button>
      </section>
    </div>
  );
}
