import { useEffect, useState } from 'react';
import { heldGame, holdSpectator } from '../lib/storage.ts';
import { ClaimSeat } from './table/ClaimSeat.tsx';
import { Table } from './table/Table.tsx';

/** Query names of tokens in links made before they moved to the fragment. */
const OLD_LINK_PARAMS = ['seat', 'token', 'watch'];

/**
 * Reads `#seat=TOKEN` (an invite) or `#watch=TOKEN` (a spectator link) once. Old links carried
 * them in the query (`?seat=`, `?token=`, `?watch=`): still read, then dropped from the address.
 */
function readHash(): { seat?: string; watch?: string } {
  const h = new URLSearchParams(window.location.hash.slice(1));
  const q = new URLSearchParams(window.location.search);
  const seat = h.get('seat') ?? q.get('seat') ?? q.get('token') ?? undefined;
  return { seat, watch: h.get('watch') ?? q.get('watch') ?? undefined };
}

/** The current query without token parameters (`?` included when anything is left). */
function searchWithoutTokens(): string {
  const q = new URLSearchParams(window.location.search);
  for (const name of OLD_LINK_PARAMS) q.delete(name);
  const rest = q.toString();
  return rest ? `?${rest}` : '';
}

/** A table: claims an invited seat first when needed, then plays. */
export function TablePage({ id }: { id: string }) {
  const [invite] = useState(readHash);
  const [held, setHeld] = useState(() => heldGame(id));
  const [watching, setWatching] = useState(false);
  useEffect(() => {
    if (invite.watch) holdSpectator(id, invite.watch);
    if (invite.seat || invite.watch) {
      history.replaceState(null, '', window.location.pathname + searchWithoutTokens());
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
