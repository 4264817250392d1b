import { useEffect, useState } from 'react';
import { REACTIONS, type Reaction } from '@zilch/protocol';
import { ReactionIcon } from './ReactionIcon.tsx';

const NAMES: Record<string, string> = {
  '👍': 'thumbs up',
  '😂': 'laughing',
  '😮': 'surprised',
  '😬': 'grimacing',
  '🎉': 'party',
  '😢': 'sad',
};

/** Quick reactions: a fixed set of emoji anyone at the table can send and everyone sees. */
export function Reactions({
  reactions,
  name,
  onReact,
  canReact,
}: {
  reactions: Reaction[];
  name: (seat: number | null) => string;
  onReact: (emoji: string) => void;
  canReact: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const recent = reactions.filter((r) => now - (r.at || now) < 8000 || reactions.length < 2);
  return (
    <section className="reactions" aria-label="Reactions">
      {canReact && (
        <div className="react-buttons" role="group" aria-label="Send a reaction">
          {REACTIONS.map((e) => (
            <button
              type="button"
              key={e}
              className="btn emoji"
              aria-label={`React ${NAMES[e]}`}
              onClick={() => onReact(e)}
            >
              <ReactionIcon emoji={e} />
            </button>
          ))}
        </div>
      )}
      <ul className="react-feed" aria-live="polite" data-testid="reaction-feed">
        {recent.slice(-3).map((r) => (
          <li key={`${r.at}-${r.seat}-${r.emoji}`} className="react-bubble">
            <ReactionIcon emoji={r.emoji} size={20} />
            <span className="small">
              {name(r.seat)} <span className="sr-only">reacted {NAMES[r.emoji] ?? r.emoji}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
