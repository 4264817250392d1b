import { useEffect, useState } from 'react';
import type { Practice } from '@zilch/protocol';
import { plural } from '../../lib/words.ts';
import { getPractice } from './api.ts';

/** On the game-over card of a practice game: the bot played and the hints used (never rated). */
export function PracticeResult({ gameId }: { gameId: string }) {
  const [p, setP] = useState<Practice | null>(null);
  useEffect(() => {
    let alive = true;
    void getPractice(gameId).then((r) => alive && r.ok && setP(r.value));
    return () => {
      alive = false;
    };
  }, [gameId]);
  if (!p) return null;
  return (
    <p className="practice-result" data-testid="practice-result">
      Practice against the {p.bot} bot (unrated):{' '}
      <strong>{plural(p.hints, 'hint', 'hints')}</strong> used.
    </p>
  );
}
