import { useEffect, useState } from 'react';
import { heldGame, holdSpectator } from '../lib/storage.ts';
import { ClaimSeat } from './table/ClaimSeat.tsx';
import { Table } from './table/Table.tsx';

/** Reads `#seat=TOKEN` (an invite) or `#watch=TOKEN` (a spectator link) once. */
function readHash(): { seat?: string; watch?: string } {
  const h = new URLSearchParams(window.location.hash.slice(1));
  return { seat: h.get('seat') ?? undefined, watch: h.get('watch') ?? undefined };
}

/** A table: claims an invited seat first when needed, then plays. */
export function TablePage({ id }: { id: string }) {
  const [invite] = useState(readHash);
  const [held, setHeld] = useState(() => heldGame(id));
  const [watching, setWatching] = useState(false);
  useEffect(() => {
    if (invite.watch) holdSpectator(id, invite.watch);
    if (invite.seat || invite.watch) {
      history.replaceState(null, '', window.location.pathname + window.location.search);
    }
    setHeld(heldGame(id));
  }, [id, invite]);
  const tokens = held?.tokens ?? {};
  const pending =
    invite.seat && !watching && !Object.values(tokens).includes(invite.seat)
      ? invite.seat
      : undefined;
  if (pending)
    return (
      <ClaimSeat
        id={id}
        token={pending}
        onClaimed={() => setHeld(heldGame(id))}
        onWatch={() => setWatching(true)}
      />
    );
  return (
    <Table key={id} id={id} tokens={tokens} spectatorToken={held?.spectatorToken ?? invite.watch} />
  );
}
