import type { GameRating } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { signInWithPasskey, useUser } from '../../lib/account.ts';
import { presetName } from '../../components/Ratings.tsx';
import { claimSeat, getGameRating } from '../../lib/api.ts';
import { holdSeat, saveName, savedName } from '../../lib/storage.ts';

/** The invite's landing: pick a name and claim the seat (a rated table: as an account), or fall back to watching. */
export function ClaimSeat({
  id,
  token,
  onClaimed,
  onWatch,
}: {
  id: string;
  token: string;
  onClaimed: () => void;
  onWatch: () => void;
}) {
  const [name, setName] = useState(savedName());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // undefined while asking; null when the answer did not come (the plain claim then says why).
  const [rating, setRating] = useState<GameRating | null | undefined>(undefined);
  const user = useUser();
  useEffect(() => void getGameRating(id).then((r) => setRating(r.ok ? r.value : null)), [id]);
  const rated = rating?.rated === true;
  const account = user?.kind === 'account';
  const join = async () => {
    setBusy(true);
    const r = await claimSeat(id, token, name.trim(), rated);
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    if (!rated) saveName(name.trim());
    holdSeat(id, r.value.seat, token);
    onClaimed();
  };
  return (
    <section className="page narrow card">
      <h1>Take your seat</h1>
      {rating === undefined ? (
        <p className="loading">Loading…</p>
      ) : rated ? (
        <>
          <p>
            You were invited to a <strong>rated</strong> game of Zilch (
            {presetName(rating?.preset ?? '')}): its result moves both players’ ratings. Only
            accounts, signed in with a passkey, can sit here.
          </p>
          {account ? (
            <button
              type="button"
              className="btn primary"
              disabled={busy}
              onClick={() => void join()}
            >
              {busy ? 'Joining…' : `Join as ${user.name ?? 'you'}`}
            </button>
          ) : (
            <div className="row">
              <button
                type="button"
                className="btn primary"
                disabled={busy}
                onClick={async () => {
                  setBusy(true);
                  const r = await signInWithPasskey();
                  setBusy(false);
                  if (!r.ok) setError(r.error.message);
                }}
              >
                Sign in with a passkey
              </button>
              <p className="help">
                No account yet? Make one with a passkey on <Link href="/me">your profile</Link>,
                then open this invite link again.
              </p>
            </div>
          )}
        </>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void join();
          }}
        >
          <p>You were invited to a game of Zilch. Choose the name the table will see.</p>
          <label htmlFor="claim-name">Your name</label>
          <input
            id="claim-name"
            value={name}
            required
            minLength={1}
            maxLength={24}
            autoComplete="nickname"
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="btn primary" disabled={busy || !name.trim()}>
            {busy ? 'Joining…' : 'Join the table'}
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="error">
          {error}{' '}
          <button type="button" className="btn small" onClick={onWatch}>
            Watch the table instead
          </button>
        </p>
      )}
    </section>
  );
}
