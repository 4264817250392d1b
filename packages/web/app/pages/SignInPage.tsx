import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { signInWithCode, signInWithPasskey, syncDevice } from '../lib/account.ts';

/** Sign in on this device with a passkey, or with a one-time recovery code. */
export default function SignInPage() {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const done = async () => {
    await syncDevice();
    navigate('/me');
  };
  return (
    <section className="page narrow">
      <h1>Sign in</h1>
      <div className="card">
        <p>
          Use the passkey you made on another device (your phone, a security key, or your password
          manager) to see your games here.
        </p>
        <button
          type="button"
          className="btn primary big"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            const r = await signInWithPasskey();
            setBusy(false);
            if (!r.ok) return setError(r.error.message);
            await done();
          }}
        >
          {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
        </button>
      </div>
      <form
        className="card"
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          const r = await signInWithCode(code);
          setBusy(false);
          if (!r.ok) return setError(r.error.message);
          await done();
        }}
      >
        <h2>Lost your passkeys?</h2>
        <p>Each recovery code you saved signs you in once. Then add a new passkey.</p>
        <label htmlFor="recovery-code">Recovery code</label>
        <div className="row">
          <input
            id="recovery-code"
            value={code}
            autoComplete="one-time-code"
            spellCheck={false}
            placeholder="xxxx-xxxx-xxxx"
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="btn" disabled={busy || !code.trim()}>
            Use code
          </button>
        </div>
      </form>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <p className="muted">
        No account? You don&apos;t need one to play: <Link href="/">start a game</Link>, then save
        your games with a passkey from your <Link href="/me">profile</Link>.
      </p>
    </section>
  );
}
