import { useMemo } from 'react';
import { Link, useSearch } from 'wouter';
import { useChat } from '../../lib/useChat.ts';
import { useTable } from '../../lib/useTable.ts';
import { Playing } from './Playing.tsx';

/** Joins the table with the seats this device holds (or as a spectator) and shows it once loaded. */
export function Table({
  id,
  tokens,
  spectatorToken,
}: {
  id: string;
  tokens: Record<number, string>;
  spectatorToken?: string;
}) {
  const mine = useMemo(
    () =>
      Object.keys(tokens)
        .map(Number)
        .filter((s) => s >= 0)
        .sort((a, b) => a - b),
    [tokens],
  );
  const joinToken = mine.length ? tokens[mine[0] as number] : spectatorToken;
  const table = useTable(id, tokens, joinToken);
  const { view } = table;
  const chat = useChat(table.socketRef, id, table.connected);
  const search = useSearch();
  const guide = new URLSearchParams(search).get('guide') === '1';

  if (!view)
    return (
      <section className="page narrow">
        <h1>Table</h1>
        {table.error ? (
          <p role="alert" className="error">
            {table.error} <Link href="/">Back to the lobby</Link>
          </p>
        ) : (
          <p className="loading">Joining the table…</p>
        )}
      </section>
    );
  return (
    <Playing
      live={view}
      base={table.base}
      baseVersion={table.baseVersion}
      updates={table.updates}
      mine={mine}
      tokens={tokens}
      connected={table.connected}
      error={table.error}
      send={table.send}
      react={table.react}
      reactions={table.reactions}
      chat={chat}
      guide={guide}
      spectatorToken={spectatorToken}
    />
  );
}
