import type { PuzzleSource } from '@zilch/protocol';
import { Link } from 'wouter';

/**
 * Where a puzzle comes from: "from self-play", or "from a game played on <date>" with a link to
 * its review when the server gives the game (a table listed in the lobby). Shown with the answer:
 * the review would give it away before.
 */
export function PuzzleSourceLine({ source }: { source: PuzzleSource }) {
  if (source.kind === 'self-play') return <span data-testid="puzzle-source">From self-play.</span>;
  const on = new Date(source.playedAt).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return (
    <span data-testid="puzzle-source">
      From a game played on {on}
      {source.gameId ? (
        <>
          {' '}
          (<Link href={`/t/${encodeURIComponent(source.gameId)}/review`}>its review</Link>)
        </>
      ) : null}
      .
    </span>
  );
}
