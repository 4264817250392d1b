// The profile's bot section: make this a bot account (an explicit, permanent step), and make,
// list and revoke API tokens, each secret shown once (docs/bot-api.md).
import { BOT_SCOPES, type BotAccount, type BotScope } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { Alert, day } from '../profile/common.tsx';
import { getBotAccount, makeBot, newToken, revokeToken } from './api.ts';

/** API tokens and the bot-account switch. */
export function BotTokens() {
  const [account, setAccount] = useState<BotAccount | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<BotScope[]>(['read']);
  const [sure, setSure] = useState(false);
  useEffect(() => {
    void getBotAccount().then((r) => (r.ok ? setAccount(r.value) : setError(r.error.message)));
  }, []);
  if (!account) return <Alert text={error} />;
  const live = account.tokens.filter((t) => t.revokedAt === null);
  return (
    <div className="card" role="region" aria-labelledby="bot-title">
      <h2 id="bot-title">API tokens{account.bot ? ' · bot account' : ''}</h2>
      <p>
        Programs use a token to play or read through the bot API (see docs/bot-api.md). A token is
        shown once: copy it when you make it.
      </p>
      {!account.bot && (
        <p>
          <label>
            <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} /> I
            understand a bot account is for a program, for good: it leaves quick match and the
            leaderboard.
          </label>{' '}
          <button
            type="button"
            className="btn"
            disabled={!sure}
            onClick={async () => {
              const r = await makeBot();
              if (r.ok) setAccount(r.value);
              else setError(r.error.message);
            }}
          >
            Make this a bot account
          </button>
        </p>
      )}
      {secret && (
        <p role="status">
          Your new token (shown only now): <code data-testid="bot-token">{secret}</code>
        </p>
      )}
      <form
        className="row"
        onSubmit={async (e) => {
          e.preventDefault();
          const r = await newToken(label || 'My bot', scopes);
          if (!r.ok) return setError(r.error.message);
          setSecret(r.value.token);
          setLabel('');
          const again = await getBotAccount();
          if (again.ok) setAccount(again.value);
        }}
      >
        <input
          aria-label="Token label"
          placeholder="What it is for"
          value={label}
          maxLength={40}
          onChange={(e) => setLabel(e.target.value)}
        />
        {BOT_SCOPES.map((s) => (
          <label key={s}>
            <input
              type="checkbox"
              checked={scopes.includes(s)}
              disabled={s === 'bot:play' && !account.bot}
              onChange={(e) =>
                setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))
              }
            />{' '}
            {s}
          </label>
        ))}
        <button type="submit" className="btn" disabled={scopes.length === 0}>
          Make a token
        </button>
      </form>
      <Alert text={error} />
      {live.length > 0 && (
        <ul>
          {live.map((t) => (
            <li key={t.id}>
              {t.label} ({t.scopes.join(', ')}), made {day(t.createdAt)}
              {t.lastUsedAt ? `, last used ${day(t.lastUsedAt)}` : ', never used'}{' '}
              <button
                type="button"
                className="btn ghost"
                onClick={async () => {
                  const r = await revokeToken(t.id);
                  if (r.ok) setAccount(r.value);
                  else setError(r.error.message);
                }}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
