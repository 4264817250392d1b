import { type User } from '@zilch/protocol';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { deleteAccount, signOut } from '../../lib/account.ts';
import { Alert } from './common.tsx';

/** Sign out here, or delete the user. */
export function Leave({ user }: { user: User }) {
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="card">
      <h2>{user.kind === 'account' ? 'Sign out or delete' : 'Delete this guest'}</h2>
      <div className="row">
        {user.kind === 'account' && (
          <button
            type="button"
            className="btn"
            onClick={async () => {
              const r = await signOut();
              if (!r.ok) return setError(r.error.message);
              navigate('/');
            }}
          >
            Sign out on this device
          </button>
        )}
        {!confirming && (
          <button type="button" className="btn danger" onClick={() => setConfirming(true)}>
            Delete my {user.kind === 'account' ? 'account' : 'profile'}
          </button>
        )}
      </div>
      {confirming && (
        <div className="confirm" role="group" aria-labelledby="delete-q">
          <p id="delete-q">
            Delete for good? Your passkeys, recovery codes and statistics go; your games stay for
            the other players, with your seats named &ldquo;Deleted player&rdquo;.
          </p>
          <div className="row">
            <button
              type="button"
              className="btn danger"
              onClick={async () => {
                const r = await deleteAccount();
                if (!r.ok) return setError(r.error.message);
                navigate('/');
              }}
            >
              Delete for good
            </button>
            <button
              type="button"
              className="btn"
              // The safe choice takes the focus, so a stray Enter keeps the account.
              ref={(b) => b?.focus()}
              onClick={() => setConfirming(false)}
            >
              Keep it
            </button>
          </div>
        </div>
      )}
      <Alert text={error} />
    </div>
  );
}
