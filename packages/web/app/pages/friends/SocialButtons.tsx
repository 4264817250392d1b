import './friends.css';
import type { RuleSet } from '@zilch/engine';
import type { SocialTarget } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { StatusNote, type Note } from '../../components/StatusNote.tsx';
import { useUser } from '../../lib/account.ts';
import { addFriend, relationTo } from '../../lib/social.ts';
import { ChallengeForm } from './ChallengeForm.tsx';

const ADDED: Record<string, string> = {
  friend: 'You are friends.',
  outgoing: 'Friend request sent.',
  incoming: 'They asked you: accept on the Friends page.',
};

/**
 * "Add friend" and "Challenge" for one other player (a profile, or a seat of a finished game).
 * A guest is told to make a passkey first: friends and challenges are for accounts.
 */
export function SocialButtons({
  to,
  name,
  userId,
  sameRules,
}: {
  to: SocialTarget;
  name: string;
  /** Known on a profile: the current relation is shown instead of "Add friend". */
  userId?: string;
  /** After a game: its rules, offered first (a rematch as a challenge). */
  sameRules?: RuleSet;
}) {
  const user = useUser();
  const [relation, setRelation] = useState<string | null>(null);
  const [challenging, setChallenging] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const account = user?.kind === 'account';
  useEffect(() => {
    if (account && userId && userId !== user?.id)
      void relationTo(userId).then((r) => r.ok && setRelation(r.value.relation));
  }, [account, userId, user?.id]);
  if (user === undefined || (userId && user?.id === userId)) return null;
  if (!account)
    return (
      <p className="social-hint">
        To add {name} as a friend or challenge them, <Link href="/me">make a passkey</Link> first.
      </p>
    );
  return (
    <div className="social-buttons">
      <div className="row">
        {relation === 'friend' || relation === 'outgoing' ? (
          <span className="tag">{relation === 'friend' ? 'Friend' : 'Request sent'}</span>
        ) : (
          <button
            type="button"
            className="btn"
            onClick={async () => {
              const r = await addFriend(to);
              if (r.ok) setRelation(r.value.relation);
              setNote(
                r.ok
                  ? { ok: true, text: ADDED[r.value.relation] ?? 'Done.' }
                  : { ok: false, text: r.error.message },
              );
            }}
          >
            Add {name} as friend
          </button>
        )}
        <button type="button" className="btn" onClick={() => setChallenging(!challenging)}>
          Challenge {name}
        </button>
      </div>
      {challenging && (
        <ChallengeForm
          to={to}
          name={name}
          sameRules={sameRules}
          onDone={(sent, text) => {
            setChallenging(false);
            if (text) setNote({ ok: sent, text });
          }}
        />
      )}
      <StatusNote note={note} />
    </div>
  );
}
