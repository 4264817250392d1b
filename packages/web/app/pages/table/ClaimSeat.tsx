import { useState } from 'react';
import { claimSeat } from '../../lib/api.ts';
import { holdSeat, saveName, savedName } from '../../lib/storage.ts';

/** The invite's landing: pick a name and claim the seat, or fall back to watching. */
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
  return (
    <section className="page narrow card">
      <h1>Take your seat</h1>
      <p>You were invited to a game of Zilch. Choose the name the table will see.</p>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          const r = await claimSeat(id, token, name.trim());
          setBusy(false);
          if (!r.ok) return setError(r.error.message);
          saveName(name.trim());
          holdSeat(id, r.value.seat, token);
          onClaimed();
        }}
      >
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
        {error && (
          <p role="alert" className="error">
            {error}{' '}
            <button type="button" className="btn small" onClick={onWatch}>
              Watch the table instead
            </button>
          </p>
        )}
      </form>
    </section>
  );
}
